import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as historyEdit from "~/routes/_app.customer-history.$id_.edit";
import * as historyNew from "~/routes/_app.customer-history.new";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// New Client and Edit Customer opened from /customer-history save back to /customer-history with
// the list's query, not to /customers.

describe("client dialogs under /customer-history", () => {
  it("returns to /customer-history and its query after adding and after editing", async () => {
    const { user } = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(user.id);
    const form = {
      fullName: "History Client",
      mobileNumber: "050 888 1234",
      country: "uae",
      emirate: "dubai",
      team: "team_a",
    };
    const added = await outcome(
      await callRoute(historyNew.action, makeRequest("/customer-history/new?tier=bronze&page=2", { cookie, form })),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/customer-history?tier=bronze&page=2");

    const client = await db.client.findUniqueOrThrow({ where: { mobileNumber: "971508881234" } });
    const edited = await outcome(
      await callRoute(
        historyEdit.action,
        makeRequest(`/customer-history/${client.id}/edit?search=history`, {
          cookie,
          form: { ...form, fullName: "History Client Renamed" },
        }),
        { id: String(client.id) },
      ),
    );
    expect(edited.status).toBe(302);
    expect(edited.headers.get("Location")).toBe("/customer-history?search=history");
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).fullName).toBe("History Client Renamed");
  });
});
