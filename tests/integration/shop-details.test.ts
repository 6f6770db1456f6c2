import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { DEFAULT_CASH_RULE } from "~/domain/cash-rule";
import { addDays, businessToday } from "~/domain/calendar";
import { PRODUCT_NAME } from "~/domain/product";
import type { Role } from "~/domain/roles";
import * as newJobPage from "~/routes/_app.jobs.new";
import * as shopPage from "~/routes/_app.profile_.shop";
import * as slipPage from "~/routes/jobs.$id.slip";
import { addClientThroughApi, callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #45: the shop's name and the job slips' terms, written by an admin on Shop settings, printed on the slip. */

const DETAILS = {
  formId: "shop-details",
  shopName: "Gold Souk Jewellers",
  shopNameAr: "مجوهرات سوق الذهب",
  jobTerms: "Pieces not collected within 90 days may be sold.\r\nBring this slip to collect.",
  jobTermsAr: "القطع التي لا تُستلم خلال 90 يومًا قد تُباع.",
};
const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
const ENGLISH = { "Accept-Language": "en-GB" };

const save = (cookie: string, form: Record<string, string>) =>
  callRoute(shopPage.action, makeRequest("/profile/shop", { cookie, form })).then(outcome);

let mobile = 504440001;

async function slipOf(cookie: string, headers: Record<string, string>) {
  const clientId = await addClientThroughApi(cookie, {
    fullName: "Slip Client",
    mobileNumber: `+971${mobile++}`,
    team: "team_a",
  });
  const opened = await outcome(
    await callRoute(
      newJobPage.action,
      makeRequest(`/jobs/new?clientId=${clientId}`, {
        cookie,
        form: { type: "repair", description: "Clasp", promisedDate: addDays(businessToday(), 1), price: "80" },
      }),
    ),
  );
  expect(opened.status).toBe(302);
  const id = opened.headers.get("Location")!.split("/").pop()!;
  const read = async (language: Record<string, string>) =>
    (
      await outcome(
        await callRoute(slipPage.loader, makeRequest(`/jobs/${id}/slip`, { cookie, headers: language }), { id }),
      )
    ).body as { shop: { name: string; terms: string | null } };
  return { english: await read(headers), arabic: await read(ARABIC) };
}

afterEach(async () => {
  await db.shopSettings.deleteMany();
});

describe("the shop's name and job terms", () => {
  it("are an admin's: every other role is refused on the server, nothing stored", async () => {
    for (const role of ["sales_front", "sales_back", "road_sales"] as Role[]) {
      const staff = await signedInStaff(role);
      const page = await outcome(
        await callRoute(shopPage.loader, makeRequest("/profile/shop", { cookie: staff.cookie })),
      );
      expect(page.status, role).toBe(403);
      expect((await save(staff.cookie, DETAILS)).status, role).toBe(403);
    }
    expect(await db.shopSettings.count()).toBe(0);
    expect(await db.auditLog.count({ where: { action: "settings.shop_details_changed" } })).toBe(0);
  });

  it("are saved by an admin and audited, the cash rule keeping its defaults; too long is refused", async () => {
    const admin = await signedInStaff("admin");
    const tooLong = await save(admin.cookie, { ...DETAILS, shopName: "x".repeat(81) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys((tooLong.body as { result: { error: object } }).result.error)).toEqual(["shopName"]);
    expect(await db.shopSettings.count()).toBe(0);

    const saved = await save(admin.cookie, DETAILS);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile/shop#details");
    expect(await db.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      shopName: DETAILS.shopName,
      shopNameAr: DETAILS.shopNameAr,
      jobTerms: "Pieces not collected within 90 days may be sold.\nBring this slip to collect.",
      jobTermsAr: DETAILS.jobTermsAr,
      cashSingleThresholdFils: DEFAULT_CASH_RULE.singleThresholdFils,
      cashWindowThresholdFils: DEFAULT_CASH_RULE.windowThresholdFils,
      cashWindowDays: DEFAULT_CASH_RULE.windowDays,
      updatedById: admin.user.id,
    });
    const page = await outcome(
      await callRoute(shopPage.loader, makeRequest("/profile/shop", { cookie: admin.cookie })),
    );
    expect((page.body as { details: unknown }).details).toMatchObject({ shopName: DETAILS.shopName });

    // Emptying the Arabic name is a change of one field, audited before and after; saving it again changes nothing.
    await save(admin.cookie, { ...DETAILS, shopNameAr: "" });
    await save(admin.cookie, { ...DETAILS, shopNameAr: "" });
    const entries = await db.auditLog.findMany({
      where: { action: "settings.shop_details_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.actorId === admin.user.id)).toBe(true);
    expect(JSON.parse(entries[1]!.details!)).toEqual({
      fields: { shopNameAr: { from: DETAILS.shopNameAr, to: null } },
    });
  });

  it("print on the slip in the slip's language, falling back to English text, then to the product's name", async () => {
    const admin = await signedInStaff("admin");
    const none = await slipOf(admin.cookie, ENGLISH);
    expect(none.english.shop).toEqual({ name: PRODUCT_NAME, terms: null });
    expect(none.arabic.shop).toEqual({ name: PRODUCT_NAME, terms: null });

    await save(admin.cookie, DETAILS);
    const both = await slipOf(admin.cookie, ENGLISH);
    expect(both.english.shop).toEqual({
      name: DETAILS.shopName,
      terms: "Pieces not collected within 90 days may be sold.\nBring this slip to collect.",
    });
    expect(both.arabic.shop).toEqual({ name: DETAILS.shopNameAr, terms: DETAILS.jobTermsAr });

    await save(admin.cookie, { ...DETAILS, shopNameAr: "", jobTermsAr: "" });
    const englishOnly = await slipOf(admin.cookie, ENGLISH);
    expect(englishOnly.arabic.shop).toEqual(englishOnly.english.shop);
    expect(englishOnly.arabic.shop.name).toBe(DETAILS.shopName);
  });
});
