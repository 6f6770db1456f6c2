import { describe, expect, it } from "vitest";
import {
  MERGE_CHOOSABLE_FIELDS,
  canUndoMerge,
  differingFields,
  isChoosableField,
  joinLists,
  laterConsent,
  mergedValues,
  mobileReleaseAt,
  type MergeRecord,
} from "./client-merge";

function record(overrides: Partial<MergeRecord> = {}): MergeRecord {
  const base = Object.fromEntries(MERGE_CHOOSABLE_FIELDS.map((f) => [f, null])) as MergeRecord;
  return { ...base, preferredMetals: null, preferredStones: null, styles: null, ...overrides };
}

describe("choosable fields", () => {
  it("knows the fields that may be chosen and refuses the rest", () => {
    expect(isChoosableField("email")).toBe(true);
    expect(isChoosableField("ownerId")).toBe(true);
    expect(isChoosableField("mobileNumber")).toBe(false);
    expect(isChoosableField("totalSalesFils")).toBe(false);
    expect(isChoosableField("__proto__")).toBe(false);
  });

  it("lists only the fields that differ, dates by instant", () => {
    const kept = record({ fullName: "Aisha Ali", dateOfBirth: new Date("1990-01-02"), email: "a@x.ae" });
    const merged = record({ fullName: "Ayesha Ali", dateOfBirth: new Date("1990-01-02"), email: "a@x.ae" });
    expect(differingFields(kept, merged)).toEqual(["fullName"]);
  });
});

describe("mergedValues", () => {
  it("keeps the kept record's values unless a field says merge", () => {
    const kept = record({ fullName: "Aisha", email: null, area: "Deira" });
    const merged = record({ fullName: "Ayesha", email: "a@x.ae", area: "Karama" });
    expect(mergedValues(kept, merged, {})).toEqual({});
    expect(mergedValues(kept, merged, { email: "merge", area: "keep" })).toEqual({ email: "a@x.ae" });
  });

  it("joins the preference lists, each entry once", () => {
    const kept = record({ preferredMetals: "gold_22k,platinum", styles: null });
    const merged = record({ preferredMetals: "platinum,silver", styles: "bridal" });
    expect(mergedValues(kept, merged, {})).toEqual({
      preferredMetals: "gold_22k,platinum,silver",
      styles: "bridal",
    });
  });

  it("joinLists gives null for two empty lists", () => {
    expect(joinLists(null, "")).toBeNull();
    expect(joinLists("a", "a")).toBe("a");
  });
});

describe("laterConsent", () => {
  it("takes the later recorded change", () => {
    const older = { recordedAt: new Date("2026-01-01"), status: "granted" };
    const newer = { recordedAt: new Date("2026-02-01"), status: "withdrawn" };
    expect(laterConsent(older, newer)).toBe(newer);
    expect(laterConsent(newer, older)).toBe(newer);
    expect(laterConsent(null, older)).toBe(older);
    expect(laterConsent(older, null)).toBe(older);
  });
});

describe("undo window", () => {
  const at = new Date("2026-12-06T10:00:00Z");
  it("allows an undo up to 30 days after the merge", () => {
    expect(canUndoMerge(at, at)).toBe(true);
    expect(canUndoMerge(at, new Date("2027-01-05T10:00:00Z"))).toBe(true);
  });
  it("refuses after 30 days and before the merge", () => {
    expect(canUndoMerge(at, new Date("2027-01-05T10:00:00.001Z"))).toBe(false);
    expect(canUndoMerge(at, new Date("2026-12-06T09:59:59Z"))).toBe(false);
  });
  it("frees the mobile when the window ends, across a leap day", () => {
    expect(mobileReleaseAt(new Date("2028-02-15T00:00:00Z")).toISOString()).toBe("2028-03-16T00:00:00.000Z");
  });
});
