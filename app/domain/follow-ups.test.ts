import { describe, expect, it } from "vitest";
import { dueWindow, FollowUpChangeSchema, parseFollowUpOwner } from "./follow-ups";

describe("follow-up filters", () => {
  it("reads me (the default), all and a user id", () => {
    expect(parseFollowUpOwner(null)).toEqual({ kind: "me" });
    expect(parseFollowUpOwner("all")).toEqual({ kind: "all" });
    expect(parseFollowUpOwner("clx12345abc")).toEqual({ kind: "user", userId: "clx12345abc" });
    expect(parseFollowUpOwner("'; drop")).toEqual({ kind: "me" });
  });

  it("due windows are calendar days: overdue before today, today, and the week from today", () => {
    expect(dueWindow("overdue", "2026-12-30")).toEqual({ from: null, before: "2026-12-30" });
    expect(dueWindow("today", "2026-12-31")).toEqual({ from: "2026-12-31", before: "2027-01-01" });
    expect(dueWindow("week", "2026-12-30")).toEqual({ from: "2026-12-30", before: "2027-01-06" });
  });

  it("a change needs at least one known field", () => {
    expect(FollowUpChangeSchema.safeParse({}).success).toBe(false);
    expect(FollowUpChangeSchema.safeParse({ status: "maybe" }).success).toBe(false);
    expect(FollowUpChangeSchema.safeParse({ status: "done", outcome: " Booked a visit " }).data).toEqual({
      status: "done",
      outcome: "Booked a visit",
    });
  });
});
