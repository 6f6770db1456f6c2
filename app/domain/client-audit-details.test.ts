import { describe, expect, it } from "vitest";
import { detailsAbout, detailsWithout } from "./client-audit-details";

// Entries written before decision 014 about several clients at once, and today's entries.
const legacyDelete = {
  clients: [
    { id: 7, fullName: "Aisha Al Mansoori", mobileNumber: "971501234567" },
    { id: 9, fullName: "Omar Khan", mobileNumber: "971509876543" },
  ],
};
const legacyOwner = { ownerId: "u1", ownerName: "Reem", clients: ["Aisha Al Mansoori", "Omar Khan"] };

describe("a client's own part of an entry (the data export)", () => {
  it("keeps only the client's element of an old multi-client list, by id or by place", () => {
    expect(detailsAbout(legacyDelete, 7, [7, 9])).toEqual({ clients: [legacyDelete.clients[0]] });
    expect(detailsAbout(legacyOwner, 9, [7, 9])).toEqual({ ownerId: "u1", ownerName: "Reem", clients: ["Omar Khan"] });
  });

  it("leaves entries without such a list as they are", () => {
    const sale = { saleId: 3, amount: "10.00" };
    expect(detailsAbout(sale, 7, [7])).toBe(sale);
    expect(detailsAbout(null, 7, [7])).toBeNull();
  });
});

describe("an entry once the client is erased", () => {
  it("drops the client's copied name and mobile, keeping the other clients'", () => {
    expect(detailsWithout(legacyDelete, 7, [7, 9])).toEqual({ clients: [legacyDelete.clients[1]] });
    expect(detailsWithout(legacyOwner, 7, [7, 9])).toEqual({
      ownerId: "u1",
      ownerName: "Reem",
      clients: ["Omar Khan"],
    });
    expect(detailsWithout({ clients: [legacyDelete.clients[0]] }, 7, [7])).toEqual({});
  });

  it("empties a free-text outcome of the client's own contact or follow-up", () => {
    expect(
      detailsWithout({ type: "call", at: "2026-01-01T10:00:00.000Z", outcome: "Buying for Sara" }, 7, [7]),
    ).toEqual({ type: "call", at: "2026-01-01T10:00:00.000Z", outcome: null });
  });

  it("empties a voided sale's reason, keeping what was voided", () => {
    expect(detailsWithout({ saleId: 3, amount: "450.00", reason: "Her husband's card" }, 7, [7])).toEqual({
      saleId: 3,
      amount: "450.00",
      reason: null,
    });
  });

  it("says when nothing changes, so only entries holding a value are rewritten", () => {
    expect(detailsWithout({ fields: ["fullName", "email"] }, 7, [7])).toBeNull();
    expect(detailsWithout({ type: "call", outcome: null }, 7, [7])).toBeNull();
    expect(detailsWithout(legacyDelete, 5, [5, 9])).toBeNull();
    expect(detailsWithout("not json", 7, [7])).toBeNull();
  });
});
