import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, type IsoDate } from "~/domain/calendar";
import * as clients from "~/routes/_app.customers";
import * as clientsApi from "~/routes/api.clients";
import * as metricsApi from "~/routes/api.dashboard.metrics";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// The dashboard's Inactive Clients card links to the list; the list's total must be the card's number.

let seq = 0;
async function addClient(name: string, lastPurchase: IsoDate | null, deleted = false) {
  seq += 1;
  const mobileNumber = `9715550${String(seq).padStart(5, "0")}`;
  await db.client.create({
    data: {
      fullName: name,
      mobileNumber,
      searchText: `${name} ${mobileNumber}`.toLowerCase(),
      lastPurchaseDate: lastPurchase ? dateFromIso(lastPurchase) : null,
      deletedAt: deleted ? new Date() : null,
    },
  });
}

describe("the Inactive Clients card and the list it links to", () => {
  it("give the same number: 90 days or more, or never bought, deleted clients left out", async () => {
    const today = businessToday();
    await addClient("Bought Today", today);
    await addClient("Bought 89 Days Ago", addDays(today, -89));
    await addClient("Bought 90 Days Ago", addDays(today, -90));
    await addClient("Bought 91 Days Ago", addDays(today, -91));
    // 3 calendar months ago can be 89 to 92 days: the month filter would not match the card.
    await addClient("Bought 95 Days Ago", addDays(today, -95));
    await addClient("Never Bought", null);
    await addClient("Deleted Never Bought", null, true);
    await addClient("Deleted Long Ago", addDays(today, -400), true);

    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const metrics = await outcome(
      await callRoute(metricsApi.loader, makeRequest("/api/dashboard/metrics", { cookie })),
    );
    const card = (metrics.body as { inactiveClients: number }).inactiveClients;
    expect(card).toBe(4);

    const api = await outcome(await callRoute(clientsApi.loader, makeRequest("/api/clients?inactive=1", { cookie })));
    const body = api.body as { data: { fullName: string }[]; pagination: { totalCount: number } };
    expect(body.pagination.totalCount).toBe(card);
    expect(body.data.map((c) => c.fullName).sort()).toEqual([
      "Bought 90 Days Ago",
      "Bought 91 Days Ago",
      "Bought 95 Days Ago",
      "Never Bought",
    ]);

    const page = await outcome(await callRoute(clients.loader, makeRequest("/customers?inactive=1", { cookie })));
    expect((page.body as { totalCount: number }).totalCount).toBe(card);
    expect((page.body as { query: { inactive: boolean } }).query.inactive).toBe(true);
  });
});
