import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as appLayout from "~/routes/_app";
import * as ratesPage from "~/routes/_app.profile_.gold-rates";
import * as ratesApi from "~/routes/api.gold-rates";
import * as latestApi from "~/routes/api.gold-rates.latest";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #46 item 1's contract: POST/GET /api/gold-rates, GET /api/gold-rates/latest, the page and the top bar. */

type Entry = { id: string; effectiveAt: string; rates: Record<string, string>; enteredByName: string };
const RATES = { "24": "262.50", "22": "243.25", "21": "232.25", "18": "199.00" };

const signedIn = (role: Role = "admin") => signedInStaff(role);

const post = async (cookie: string, json: unknown) =>
  outcome(await callRoute(ratesApi.action, makeRequest("/api/gold-rates", { cookie, json })));
const latest = async (cookie: string) =>
  outcome(await callRoute(latestApi.loader, makeRequest("/api/gold-rates/latest", { cookie })));
const history = async (cookie: string, query = "") =>
  outcome(await callRoute(ratesApi.loader, makeRequest(`/api/gold-rates${query}`, { cookie })));
const layout = async (cookie: string) =>
  (await outcome(await callRoute(appLayout.loader, makeRequest("/customers", { cookie })))).body as {
    goldRate: { rates: { key: string; amount: string }[]; time: string; age: string } | null;
  };

describe("/api/gold-rates", () => {
  it("answers 404 for the latest before any rate is entered, and the top bar shows none", async () => {
    const seller = await signedIn("road_sales");
    const answer = await latest(seller.cookie);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "No gold rate has been entered yet" });
    expect((await layout(seller.cookie)).goldRate).toBeNull();
    expect(((await history(seller.cookie)).body as { data: Entry[] }).data).toEqual([]);
  });

  it("lets an admin enter the rates (201), stored in fils with an audit entry; other roles get 403", async () => {
    const admin = await signedIn("admin");
    for (const role of ["sales_front", "sales_back", "road_sales"] as const) {
      const answer = await post((await signedIn(role)).cookie, { rates: RATES });
      expect(answer.status, role).toBe(403);
    }
    expect((await post("", { rates: RATES })).status).toBe(401);

    const created = await post(admin.cookie, { rates: { ...RATES, platinum: "120.5" } });
    expect(created.status).toBe(201);
    const entry = (created.body as { data: Entry }).data;
    expect(entry).toEqual({
      id: expect.any(String),
      effectiveAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      rates: { ...RATES, platinum: "120.50" },
      enteredByName: admin.user.name,
    });
    expect(Date.now() - Date.parse(entry.effectiveAt)).toBeLessThan(60_000);

    const row = await db.goldRate.findUniqueOrThrow({ where: { id: entry.id } });
    expect(row).toMatchObject({
      karat24Fils: 26250n,
      karat22Fils: 24325n,
      karat21Fils: 23225n,
      karat18Fils: 19900n,
      platinumFils: 12050n,
      silverFils: null,
      enteredById: admin.user.id,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "settings.gold_rate_recorded" } });
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "gold_rate", targetId: entry.id });
    expect(JSON.parse(audit.details!)).toEqual({
      effectiveAt: entry.effectiveAt,
      rates: { ...RATES, platinum: "120.50" },
    });

    const seller = await signedIn("road_sales");
    const standing = await latest(seller.cookie);
    expect(standing.status).toBe(200);
    expect((standing.body as { data: Entry }).data).toEqual(entry);
  });

  it("refuses a missing or non-positive rate, an unknown karat and a future time with 400, storing nothing", async () => {
    const admin = await signedIn("admin");
    const before = await db.goldRate.count();
    const { "18": _left, ...missing18 } = RATES;
    const refused = [
      { rates: missing18 },
      { rates: { ...RATES, "22": "0" } },
      { rates: { ...RATES, "21": "-5" } },
      { rates: { ...RATES, "24": 0 } },
      { rates: { ...RATES, silver: "-1" } },
      { rates: { ...RATES, "14": "150.00" } },
      { rates: RATES, effectiveAt: new Date(Date.now() + 3_600_000).toISOString() },
      { rates: RATES, effectiveAt: "tomorrow" },
      {},
    ];
    for (const json of refused) {
      const answer = await post(admin.cookie, json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(typeof (answer.body as { error: unknown }).error).toBe("string");
    }
    const missing = (await post(admin.cookie, { rates: missing18 })).body as {
      error: string;
      details: { path: string; message: string }[];
    };
    expect(missing.details).toEqual([{ path: "rates.18", message: "Enter the rate per gram in AED" }]);
    expect(await db.goldRate.count()).toBe(before);
  });

  it("keeps the history: a correction is a new entry, the latest moment stands, nothing is edited", async () => {
    const admin = await signedIn("admin");
    const morning = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const first = ((await post(admin.cookie, { rates: RATES, effectiveAt: morning })).body as { data: Entry }).data;
    const before = await db.goldRate.findMany({ orderBy: { createdAt: "asc" } });

    // A correction back-dated to the same moment, and an entry for an earlier day (it does not stand).
    const corrected = { ...RATES, "22": "244.00" };
    const correction = ((await post(admin.cookie, { rates: corrected, effectiveAt: morning })).body as { data: Entry })
      .data;
    await post(admin.cookie, { rates: { ...RATES, "22": "230.00" }, effectiveAt: "2026-01-01T09:00:00+04:00" });

    // Every earlier row is as it was.
    const after = await db.goldRate.findMany({ where: { id: { in: before.map((r) => r.id) } } });
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.sort((a, b) => a.id.localeCompare(b.id)));
    expect(correction.id).not.toBe(first.id);

    const seller = await signedIn("sales_front");
    // The entry standing is still the second test's, entered at that moment, later than `morning`.
    const standing = ((await latest(seller.cookie)).body as { data: Entry }).data;
    expect(Date.parse(standing.effectiveAt)).toBeGreaterThan(Date.parse(morning));

    const all = ((await history(seller.cookie)).body as { data: Entry[] }).data;
    expect(all.map((e) => e.effectiveAt)).toEqual([...all.map((e) => e.effectiveAt)].sort().reverse());
    const atMorning = all.filter((e) => e.effectiveAt === morning);
    // Two entries at one moment: the one entered last comes first.
    expect(atMorning.map((e) => e.rates["22"])).toEqual(["244.00", "243.25"]);

    const january = ((await history(seller.cookie, "?from=2026-01-01&to=2026-01-01")).body as { data: Entry[] }).data;
    expect(january.map((e) => e.rates["22"])).toEqual(["230.00"]);
    expect(((await history(seller.cookie, "?to=2026-01-31")).body as { data: Entry[] }).data).toHaveLength(1);
    for (const query of ["?from=2026-02-30", "?from=2026-12-05&to=2026-12-01", "?to=soon"])
      expect((await history(seller.cookie, query)).status, query).toBe(400);
    expect((await history("")).status).toBe(401);
  });
});

describe("the top bar and the Rate of the day page", () => {
  it("gives every signed-in page the latest rate, today's, with its shop time", async () => {
    const seller = await signedIn("road_sales");
    const line = (await layout(seller.cookie)).goldRate!;
    expect(line.age).toBe("today");
    expect(line.rates.map((r) => r.key)).toEqual(["24", "22", "21", "18", "platinum"]);
    expect(line.time).toMatch(/^\d{2}:\d{2}$/);
  });

  it("marks yesterday's rate when none was entered today", async () => {
    // Every entry moved back (the test's doing: the app never changes one), two days, then one.
    await db.goldRate.updateMany({ data: { effectiveAt: new Date(Date.now() - 2 * 86_400_000) } });
    const seller = await signedIn("road_sales");
    expect((await layout(seller.cookie)).goldRate!.age).toBe("older");
    await db.goldRate.updateMany({ data: { effectiveAt: new Date(Date.now() - 86_400_000) } });
    expect((await layout(seller.cookie)).goldRate!.age).toBe("yesterday");
  });

  it("is for admins only, and enters the rates with a plain form post", async () => {
    const seller = await signedIn("sales_front");
    const refused = await outcome(
      await callRoute(ratesPage.loader, makeRequest("/profile/gold-rates", { cookie: seller.cookie })),
    );
    expect(refused.status).toBe(403);
    const sellerPost = await outcome(
      await callRoute(
        ratesPage.action,
        makeRequest("/profile/gold-rates", { cookie: seller.cookie, form: { rate24: "1" } }),
      ),
    );
    expect(sellerPost.status).toBe(403);

    const admin = await signedIn("admin");
    const form = { rate24: "263.00", rate22: "244.50", rate21: "233.00", rate18: "200.00", platinum: "", silver: "" };
    const missing = await outcome(
      await callRoute(
        ratesPage.action,
        makeRequest("/profile/gold-rates", { cookie: admin.cookie, form: { ...form, rate22: "" } }),
      ),
    );
    expect(missing.status).toBe(400);

    const saved = await outcome(
      await callRoute(ratesPage.action, makeRequest("/profile/gold-rates", { cookie: admin.cookie, form })),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile/gold-rates");
    const page = (
      await outcome(await callRoute(ratesPage.loader, makeRequest("/profile/gold-rates", { cookie: admin.cookie })))
    ).body as { current: Record<string, string>; history: { rates: Record<string, string>; enteredByName: string }[] };
    expect(page.current).toEqual({ "24": "263.00", "22": "244.50", "21": "233.00", "18": "200.00" });
    expect(page.history[0]).toMatchObject({ enteredByName: admin.user.name });
    expect(page.history.length).toBeLessThanOrEqual(30);

    const line = (await layout(admin.cookie)).goldRate!;
    expect(line.age).toBe("today");
    expect(line.rates.find((r) => r.key === "22")?.amount).toBe("244.50");
  });
});
