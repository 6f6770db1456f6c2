import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { dateFromIso } from "~/domain/calendar";
import { readToast } from "~/http/toast.server";
import { fixedT } from "~/i18n/i18n.server";
import * as root from "~/root";
import * as listPage from "~/routes/_app.customers";
import * as detailsPage from "~/routes/_app.customers.$id";
import * as profile from "~/routes/_app.profile";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// Arabic-Indic digits, chosen on Profile, on Arabic pages only; identifiers stay Western
// (docs/decisions/021-arabic-and-english.md).

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
const ENGLISH = { "Accept-Language": "en-GB" };
const WESTERN_DIGIT = /[0-9]/;
let seq = 0;

async function signedIn() {
  const { user } = await createUser({ role: "admin", name: "Reem Al Ketbi" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

const choose = (cookie: string, numerals: string, headers?: Record<string, string>) =>
  callRoute(profile.action, makeRequest("/profile", { cookie, headers, form: { numerals } }));

async function clientFor(ownerId: string) {
  seq += 1;
  const suffix = `${Date.now()}${seq}`;
  return db.client.create({
    data: {
      fullName: `Mariam Numerals ${suffix}`,
      mobileNumber: `97155${suffix.slice(-7)}`,
      searchText: `mariam numerals ${suffix}`,
      emiratesId: `784-1990-${suffix.slice(-7)}-1`,
      totalSalesFils: 123450n,
      dateOfBirth: dateFromIso("1990-03-12"),
      ownerId,
    },
  });
}

type Row = { id: number; mobile: string; idNumber: string; totalSale: string; dateOfBirth: string };

describe("Arabic-Indic digits", () => {
  it("saves the choice from Profile's form and says so in the page's language", async () => {
    const { user, cookie } = await signedIn();
    const saved = await outcome(await choose(cookie, "arab", ARABIC));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).numerals).toBe("arab");
    const toastCookie = saved.headers
      .getSetCookie()
      .find((c) => c.startsWith("crm_toast="))!
      .split(";")[0]!;
    expect((await readToast(makeRequest("/", { cookie: toastCookie }))).toast).toMatchObject({
      title: "تم حفظ الأرقام",
    });
    const page = await outcome(await callRoute(profile.loader, makeRequest("/profile", { cookie })));
    expect(page.body).toMatchObject({ numerals: "arab" });

    expect((await outcome(await choose(cookie, "latn"))).status).toBe(302);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).numerals).toBe("latn");
  });

  it("refuses anything else with a 400 and a message the page reads in its language", async () => {
    const { user, cookie } = await signedIn();
    for (const numerals of ["hindi", ""]) {
      const refused = await outcome(await choose(cookie, numerals));
      expect(refused.status).toBe(400);
      const { result } = refused.body as { result: { error: Record<string, string[]> } };
      expect(result.error.numerals).toEqual(["profile:numerals.invalid"]);
    }
    expect(fixedT("en", "profile")("profile:numerals.invalid")).toBe("Choose Western or Arabic-Indic digits");
    expect(fixedT("ar", "profile")("profile:numerals.invalid")).toBe("اختر الأرقام الغربية أو العربية الهندية");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).numerals).toBeNull();
  });

  it("writes an Arabic page's amounts and dates in Arabic-Indic digits, its mobiles and IDs in Western ones", async () => {
    const { user, cookie } = await signedIn();
    await choose(cookie, "arab");
    const client = await clientFor(user.id);
    const rowOf = async (headers: Record<string, string>) => {
      const path = `/customers?search=${encodeURIComponent(client.fullName.split(" ").at(-1)!)}`;
      const data = (await outcome(await callRoute(listPage.loader, makeRequest(path, { cookie, headers })))).body;
      return (data as { rows: Row[] }).rows.find((r) => r.id === client.id)!;
    };

    const arabic = await rowOf(ARABIC);
    expect(arabic).toMatchObject({
      totalSale: "١٬٢٣٤٫٥٠ د.إ",
      dateOfBirth: "١٢ مارس ١٩٩٠",
      mobile: client.mobileNumber,
      idNumber: client.emiratesId,
    });
    expect(arabic.mobile).toMatch(/^9715\d+$/);

    // The root tells the browser, so what components format while hydrating matches the server.
    const rootData = (
      await outcome(await callRoute(root.loader, makeRequest("/customers", { cookie, headers: ARABIC })))
    ).body as { language: string; numerals: string };
    expect(rootData).toMatchObject({ language: "ar", numerals: "arab" });

    // The client's own page, its URL id unchanged.
    const details = (
      await outcome(
        await callRoute(detailsPage.loader, makeRequest(`/customers/${client.id}`, { cookie, headers: ARABIC }), {
          id: String(client.id),
        }),
      )
    ).body as { client: { id: number; mobileNumber: string } };
    expect(details.client).toMatchObject({ id: client.id, mobileNumber: client.mobileNumber });
  });

  it("leaves an English page in Western digits whatever the user chose", async () => {
    const { user, cookie } = await signedIn();
    await choose(cookie, "arab");
    const client = await clientFor(user.id);
    const path = `/customers?search=${encodeURIComponent(client.fullName.split(" ").at(-1)!)}`;
    const data = (await outcome(await callRoute(listPage.loader, makeRequest(path, { cookie, headers: ENGLISH }))))
      .body as { rows: Row[] };
    const row = data.rows.find((r) => r.id === client.id)!;
    expect(row).toMatchObject({ totalSale: "AED 1,234.50", dateOfBirth: "12 Mar 1990" });
    expect(row.totalSale).toMatch(WESTERN_DIGIT);
    const rootData = (
      await outcome(await callRoute(root.loader, makeRequest("/customers", { cookie, headers: ENGLISH })))
    ).body as { language: string; numerals: string };
    expect(rootData).toMatchObject({ language: "en", numerals: "latn" });
  });
});
