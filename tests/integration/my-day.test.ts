import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import * as clientsPage from "~/routes/_app.customers";
import * as dashboard from "~/routes/_app.dashboard";
import { listDueFollowUps } from "~/services/follow-ups.server";
import { getMyDay } from "~/services/my-day.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

const today = businessToday();
let seq = 0;

async function ownedClient(ownerId: string | null, fields: { birthdayInDays?: number; idExpiresInDays?: number } = {}) {
  seq += 1;
  const dateOfBirth =
    fields.birthdayInDays === undefined ? null : dateFromIso(`1992${addDays(today, fields.birthdayInDays).slice(4)}`);
  return db.client.create({
    data: {
      fullName: `Day Client ${seq}`,
      searchText: `day client ${seq}`,
      mobileNumber: `97154${String(seq).padStart(7, "0")}`,
      ownerId,
      dateOfBirth,
      birthMonthDay: dateOfBirth ? monthDayOf(dateOfBirth) : null,
      emiratesIdExpiry:
        fields.idExpiresInDays === undefined ? null : dateFromIso(addDays(today, fields.idExpiresInDays)),
    },
  });
}

describe("my day", () => {
  it("lists my due and overdue follow-ups, my clients' occasions this week and expiring IDs, not others'", async () => {
    const { user } = await createUser();
    const other = await createUser();
    const birthday = await ownedClient(user.id, { birthdayInDays: 3 });
    await ownedClient(user.id, { birthdayInDays: 12 });
    await ownedClient(other.user.id, { birthdayInDays: 1 });
    const expiring = await ownedClient(user.id, { idExpiresInDays: 10 });
    const overdue = await db.followUp.create({
      data: { clientId: birthday.id, dueDate: dateFromIso(addDays(today, -2)), ownerId: user.id, note: "Late" },
    });
    await db.followUp.create({
      data: { clientId: birthday.id, dueDate: dateFromIso(addDays(today, 4)), ownerId: user.id },
    });
    await db.client.update({ where: { id: expiring.id }, data: { consentWhatsapp: "withdrawn" } });

    const day = await getMyDay(user.id, today);
    expect(day.followUps.map((f) => [f.id, f.daysLeft])).toEqual([[overdue.id, -2]]);
    expect(day.occasions.map((o) => [o.clientId, o.type, o.daysLeft])).toEqual([[birthday.id, "birthday", 3]]);
    expect(day.occasions[0]!.whatsappMessage).toMatch(/^Dear Day, your birthday is coming up/);
    expect(day.expiringIds.map((o) => o.clientId)).toEqual([expiring.id]);
    expect(day.expiringIds[0]!.whatsappBlocked).toMatch(/withdrawn/);
  });

  it("is on the dashboard and, for road sales, on the client book", async () => {
    const front = await createUser({ role: "sales_front" });
    const road = await createUser({ role: "road_sales" });
    await ownedClient(front.user.id, { birthdayInDays: 0 });
    await ownedClient(road.user.id, { birthdayInDays: 0 });
    const dash = (await outcome(
      await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: await sessionCookieFor(front.user.id) })),
    )) as { body: { myDay: { occasions: unknown[] } } };
    expect(dash.body.myDay.occasions).toHaveLength(1);
    const book = (await outcome(
      await callRoute(clientsPage.loader, makeRequest("/customers", { cookie: await sessionCookieFor(road.user.id) })),
    )) as { body: { myDay: { occasions: unknown[] } | null } };
    expect(book.body.myDay?.occasions).toHaveLength(1);
    const frontBook = (await outcome(
      await callRoute(clientsPage.loader, makeRequest("/customers", { cookie: await sessionCookieFor(front.user.id) })),
    )) as { body: { myDay: unknown } };
    expect(frontBook.body.myDay).toBeNull();
  });
  it("mixes my follow-ups and the unassigned ones soonest first, and counts both, never a colleague's", async () => {
    const { user } = await createUser();
    const other = await createUser();
    const client = await ownedClient(user.id);
    const due = (days: number, ownerId: string | null) =>
      db.followUp.create({ data: { clientId: client.id, dueDate: dateFromIso(addDays(today, days)), ownerId } });
    const mineOlder = await due(-3, user.id);
    const unassigned = await due(-1, null);
    const mineToday = await due(0, user.id);
    await due(-2, other.user.id);

    const day = await getMyDay(user.id, today);
    expect(day.followUps.map((f) => f.id)).toEqual([mineOlder.id, unassigned.id, mineToday.id]);
    const panel = await listDueFollowUps(today, 2, user.id);
    expect(panel.items.map((f) => f.id)).toEqual([mineOlder.id, unassigned.id]);
    expect(panel.total).toBe(3);
  });
});
