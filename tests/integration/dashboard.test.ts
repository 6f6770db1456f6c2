import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import type { PanelList } from "~/components/dashboard/alert-panel";
import { db } from "~/db/db.server";
import type { Alert } from "~/domain/alerts";
import { addDays, businessToday, dateFromIso, monthDayOf, type IsoDate } from "~/domain/calendar";
import { AED } from "~/domain/money";
import { tierForTotal } from "~/domain/tiers";
import * as alertsApi from "~/routes/api.dashboard.alerts";
import * as metricsApi from "~/routes/api.dashboard.metrics";
import * as tierApi from "~/routes/api.dashboard.tier-breakdown";
import * as dashboard from "~/routes/_app.dashboard";
import { getDashboardAlerts } from "~/services/dashboard.server";
import { listDueFollowUps } from "~/services/follow-ups.server";
import { readToast } from "~/http/toast.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

let seq = 0;

/** A yearly date (birthday, anniversary) that falls on `iso`'s month and day; 1992 is a leap year. */
const yearlyDate = (iso: IsoDate) => dateFromIso(`1992-${iso.slice(5)}`);

/** Inserts a client row the way the customer service stores one (tier, month-days, search text). */
async function addClient(options: {
  name: string;
  totalAed?: number;
  lastPurchase?: IsoDate;
  birthday?: IsoDate;
  anniversary?: IsoDate;
  anniversaryType?: string;
  idExpiry?: IsoDate;
  deleted?: boolean;
}) {
  seq += 1;
  const mobileNumber = `9715000${String(seq).padStart(5, "0")}`;
  const total = AED(options.totalAed ?? 0);
  const dateOfBirth = options.birthday ? yearlyDate(options.birthday) : null;
  const anniversaryDate = options.anniversary ? yearlyDate(options.anniversary) : null;
  return db.client.create({
    data: {
      fullName: options.name,
      mobileNumber,
      searchText: `${options.name} ${mobileNumber}`.toLowerCase(),
      totalSalesFils: total,
      tier: tierForTotal(total),
      lastPurchaseDate: options.lastPurchase ? dateFromIso(options.lastPurchase) : null,
      dateOfBirth,
      birthMonthDay: dateOfBirth ? monthDayOf(dateOfBirth) : null,
      anniversaryDate,
      anniversaryMonthDay: anniversaryDate ? monthDayOf(anniversaryDate) : null,
      anniversaryType: options.anniversaryType ?? null,
      emiratesIdExpiry: options.idExpiry ? dateFromIso(options.idExpiry) : null,
      deletedAt: options.deleted ? new Date() : null,
    },
  });
}

/** The flash toast a redirect carries, read back the way the next page reads it. */
async function toastOf(headers: Headers) {
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/dashboard", { cookie }))).toast;
}

async function signedIn(role: "admin" | "sales_front" | "sales_back" | "road_sales") {
  const { user } = await createUser({ role });
  return sessionCookieFor(user.id);
}

beforeEach(async () => {
  await db.followUp.deleteMany();
  await db.client.deleteMany();
});

describe("dashboard JSON routes on a known data set", () => {
  async function seedKnownBook(today: IsoDate) {
    await addClient({
      name: "Aisha Diamond",
      totalAed: 1_200_000,
      lastPurchase: addDays(today, -10),
      birthday: addDays(today, 5),
    });
    await addClient({
      name: "Bilal Platinum",
      totalAed: 600_000,
      lastPurchase: addDays(today, -89),
      anniversary: today,
      anniversaryType: "Wedding Anniversary",
    });
    await addClient({
      name: "Chen Gold",
      totalAed: 150_000,
      lastPurchase: addDays(today, -90),
      birthday: addDays(today, 40),
    });
    await addClient({ name: "Dana Silver", totalAed: 30_000, idExpiry: addDays(today, -1) });
    await addClient({
      name: "Eman Bronze",
      totalAed: 500,
      idExpiry: addDays(today, 30),
      anniversary: addDays(today, 31),
    });
    await addClient({ name: "Farid Bronze", idExpiry: addDays(today, -31), birthday: addDays(today, 30) });
    await addClient({ name: "Ghada Bronze", idExpiry: addDays(today, 31) });
    // Deleted clients are out of every figure and alert.
    await addClient({
      name: "Hidden Diamond",
      totalAed: 2_000_000,
      lastPurchase: today,
      birthday: today,
      anniversary: today,
      idExpiry: today,
      deleted: true,
    });
  }

  it("answers metrics, tier breakdown and alerts with exact counts", async () => {
    const today = businessToday();
    await seedKnownBook(today);
    const cookie = await signedIn("sales_front");

    const metrics = await outcome(
      await callRoute(metricsApi.loader, makeRequest("/api/dashboard/metrics", { cookie })),
    );
    expect(metrics.status).toBe(200);
    // Active: Aisha (10 days) and Bilal (89 days). Chen (90 days) and the 4 who never bought are inactive.
    expect(metrics.body).toEqual({ totalClients: 7, activeVips: 2, inactiveClients: 5 });

    const tiers = await outcome(
      await callRoute(tierApi.loader, makeRequest("/api/dashboard/tier-breakdown", { cookie })),
    );
    expect(tiers.body).toEqual({ diamond: 1, platinum: 1, gold: 1, silverBronze: 4 });

    const alerts = await outcome(await callRoute(alertsApi.loader, makeRequest("/api/dashboard/alerts", { cookie })));
    expect(alerts.status).toBe(200);
    const body = alerts.body as Record<
      "communicationAlerts" | "birthdayAlerts" | "anniversaryAlerts" | "emiratesIdAlerts",
      Alert[]
    > & {
      totals: Record<string, number>;
    };
    expect(body.communicationAlerts).toEqual([]);
    expect(body.birthdayAlerts.map((a) => [a.clientName, a.daysLeft])).toEqual([
      ["Aisha Diamond", 5],
      ["Farid Bronze", 30],
    ]);
    expect(body.birthdayAlerts[0]).toMatchObject({
      mobileNumber: expect.stringMatching(/^971/),
      type: "birthday",
      priority: "medium",
      message: expect.stringMatching(/^Aisha Diamond's birthday is in 5 days/),
    });
    expect(body.birthdayAlerts.some((a) => a.clientName === "Chen Gold")).toBe(false);
    expect(body.anniversaryAlerts).toHaveLength(1);
    expect(body.anniversaryAlerts[0]).toMatchObject({
      clientName: "Bilal Platinum",
      type: "anniversary",
      daysLeft: 0,
      priority: "high",
    });
    expect(body.anniversaryAlerts[0]!.message).toMatch(/^Happy Wedding Anniversary, Bilal Platinum!/);
    expect(body.emiratesIdAlerts.map((a) => [a.clientName, a.type, a.daysLeft, a.priority])).toEqual([
      ["Dana Silver", "emirates_id_expired", -1, "high"],
      ["Eman Bronze", "emirates_id_expiring", 30, "low"],
    ]);
    expect(body.totals).toEqual({ emiratesIdAlerts: 2, birthdayAlerts: 2, anniversaryAlerts: 1 });
  });

  it("gives the WhatsApp link with the mobile's digits and the encoded client message", async () => {
    const today = businessToday();
    const client = await addClient({ name: "Aisha Al Mansoori", birthday: today });
    const cookie = await signedIn("admin");
    const alerts = await outcome(await callRoute(alertsApi.loader, makeRequest("/api/dashboard/alerts", { cookie })));
    const [alert] = (alerts.body as { birthdayAlerts: Alert[] }).birthdayAlerts;
    expect(alert!.whatsappMessage).toMatch(/^Happy Birthday, Aisha! /);
    expect(alert!.whatsappUrl).toBe(
      `https://wa.me/${client.mobileNumber}?text=${encodeURIComponent(alert!.whatsappMessage)}`,
    );
  });

  it("refuses road sales (403) and anonymous callers (401)", async () => {
    const cookie = await signedIn("road_sales");
    for (const [route, path] of [
      [metricsApi.loader, "/api/dashboard/metrics"],
      [tierApi.loader, "/api/dashboard/tier-breakdown"],
      [alertsApi.loader, "/api/dashboard/alerts"],
    ] as const) {
      expect((await outcome(await callRoute(route, makeRequest(path, { cookie })))).status).toBe(403);
      expect((await outcome(await callRoute(route, makeRequest(path)))).status).toBe(401);
    }
  });
});

describe("alert lists", () => {
  it("orders the window soonest first across the year end and caps each list, counting the rest", async () => {
    await addClient({ name: "Zed New Year", birthday: "2027-01-03" });
    await addClient({ name: "Amy Tomorrow", birthday: "2026-12-30" });
    await addClient({ name: "Ben Today", birthday: "2026-12-29" });
    await addClient({ name: "Cal Gone", birthday: "2026-12-28" });

    const all = await getDashboardAlerts("2026-12-29");
    expect(all.birthdays.items.map((a) => [a.clientName, a.daysLeft, a.date])).toEqual([
      ["Ben Today", 0, "2026-12-29"],
      ["Amy Tomorrow", 1, "2026-12-30"],
      ["Zed New Year", 5, "2027-01-03"],
    ]);
    const capped = await getDashboardAlerts("2026-12-29", 2);
    expect(capped.birthdays.total).toBe(3);
    expect(capped.birthdays.items.map((a) => a.clientName)).toEqual(["Ben Today", "Amy Tomorrow"]);
  });

  it("puts a 29 February birthday on 28 February in a common year", async () => {
    await addClient({ name: "Leap Lina", birthday: "2028-02-29" });
    const { birthdays } = await getDashboardAlerts("2027-02-20");
    expect(birthdays.items.map((a) => [a.clientName, a.date, a.daysLeft])).toEqual([["Leap Lina", "2027-02-28", 8]]);
  });
});

describe("the dashboard page", () => {
  it("renders the figures, the summary and the greeting from its loader", async () => {
    const today = businessToday();
    await addClient({ name: "Vip One", totalAed: 700_000, lastPurchase: today });
    await addClient({ name: "Never Bought", totalAed: 0 });
    await addClient({ name: "Lapsed Gold", totalAed: 200_000, lastPurchase: addDays(today, -200) });
    const { user } = await createUser({ role: "sales_back", name: "Mariam Yousef" });
    const cookie = await sessionCookieFor(user.id);
    const page = await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie })));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      greetingName: "Mariam",
      roleLabel: "Sales Back",
      metrics: { totalClients: 3, activeVips: 1, inactiveClients: 2 },
      summary: { vipRate: 33, retention: 33 },
    });
  });

  it("shows 0% (not NaN) with no clients", async () => {
    const cookie = await signedIn("admin");
    const page = await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie })));
    expect(page.body).toMatchObject({
      metrics: { totalClients: 0, activeVips: 0, inactiveClients: 0 },
      summary: { vipRate: 0, retention: 0 },
    });
  });

  it("carries a whole page's alerts once, as HTML, and a later dashboard's as data; a renamed client shows in both", async () => {
    const today = businessToday();
    const client = await addClient({ name: "Salma Birthday", birthday: addDays(today, 2) });
    const cookie = await signedIn("admin");
    const load = async (headers: Record<string, string>) => {
      const context: AppLoadContext = {};
      const request = makeRequest("/dashboard", { cookie, headers });
      const page = (await dashboard.loader({ request, params: {}, context })) as {
        alerts: { birthdays: PanelList };
      };
      return { birthdays: page.alerts.birthdays, html: context.documentHtml?.["birthday-alerts-items"]?.toString() };
    };
    const whole = await load({ "Sec-Fetch-Dest": "document" });
    expect(whole.birthdays).toEqual({ items: null, shown: 1, total: 1 });
    expect(whole.html).toContain("<bdi>Salma Birthday</bdi>");
    expect(whole.html).toContain(`href="/customers/${client.id}/follow-up?back=/dashboard"`);

    const later = await load({});
    expect(later.birthdays.items?.map((a) => a.clientName)).toEqual(["Salma Birthday"]);
    expect(later.html).toBeUndefined();

    await db.client.update({ where: { id: client.id }, data: { fullName: "Salma Renamed" } });
    const renamed = await load({ "Sec-Fetch-Dest": "document" });
    expect(renamed.html).toContain("<bdi>Salma Renamed</bdi>");
    expect(renamed.html).not.toContain("Salma Birthday");
  });

  it("is refused to road sales", async () => {
    const cookie = await signedIn("road_sales");
    expect((await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie })))).status).toBe(403);
  });
});

describe("follow-ups", () => {
  async function seedFollowUps(today: IsoDate) {
    const client = await addClient({ name: "Omar Follow" });
    const deleted = await addClient({ name: "Gone Client", deleted: true });
    const make = (clientId: number, due: IsoDate, note: string, doneAt: Date | null = null) =>
      db.followUp.create({ data: { clientId, dueDate: dateFromIso(due), note, doneAt } });
    const overdue = await make(client.id, addDays(today, -3), "Call about the ring resize");
    const later = await make(client.id, addDays(today, 30), "Show the new bridal set");
    await make(client.id, addDays(today, 31), "Too far ahead");
    await make(client.id, addDays(today, 1), "Already called", new Date());
    await make(deleted.id, today, "Deleted client");
    return { client, overdue, later };
  }

  it("lists open follow-ups overdue or due within 30 days, soonest first", async () => {
    const today = businessToday();
    const { client } = await seedFollowUps(today);
    const { items, total } = await listDueFollowUps(today);
    expect(total).toBe(2);
    expect(items.map((f) => [f.note, f.daysLeft])).toEqual([
      ["Call about the ring resize", -3],
      ["Show the new bridal set", 30],
    ]);
    expect(items[0]).toMatchObject({ clientId: client.id, clientName: "Omar Follow", dueDate: addDays(today, -3) });
  });

  it("marks one done from the dashboard form, with a flash toast, and says so when it is already done", async () => {
    const today = businessToday();
    const { overdue } = await seedFollowUps(today);
    const cookie = await signedIn("sales_front");
    const form = { intent: "complete-follow-up", followUpId: overdue.id };
    const done = await outcome(await callRoute(dashboard.action, makeRequest("/dashboard", { cookie, form })));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard");
    expect(await toastOf(done.headers)).toMatchObject({ type: "success", title: "Follow-up done" });
    expect((await db.followUp.findUniqueOrThrow({ where: { id: overdue.id } })).doneAt).not.toBeNull();
    expect((await listDueFollowUps(today)).items.map((f) => f.note)).toEqual(["Show the new bridal set"]);

    const again = await outcome(await callRoute(dashboard.action, makeRequest("/dashboard", { cookie, form })));
    expect(again.status).toBe(302);
    expect(await toastOf(again.headers)).toMatchObject({
      type: "error",
      description: "That follow-up is already done or no longer exists.",
    });
    expect(await db.followUp.count({ where: { doneAt: null } })).toBe(3);
  });

  it("refuses road sales and cross-site posts", async () => {
    const today = businessToday();
    const { overdue } = await seedFollowUps(today);
    const form = { intent: "complete-follow-up", followUpId: overdue.id };
    const road = await signedIn("road_sales");
    expect(
      (await outcome(await callRoute(dashboard.action, makeRequest("/dashboard", { cookie: road, form })))).status,
    ).toBe(403);
    const staff = await signedIn("sales_front");
    const crossSite = makeRequest("/dashboard", { cookie: staff, form, origin: "https://evil.example" });
    expect((await outcome(await callRoute(dashboard.action, crossSite))).status).toBe(403);
    expect((await db.followUp.findUniqueOrThrow({ where: { id: overdue.id } })).doneAt).toBeNull();
  });
});
