import { englishIssue } from "~/i18n/english.server";
import { describe, expect, it } from "vitest";
import { subtractMonths } from "./calendar";
import { LeadFiltersSchema, locationWhere, purchasedBefore } from "./lead-filters";
import { MESSAGE_CODES } from "./message-codes";

describe("lead filters", () => {
  it("require a location, with the spec's message, and refuse 'none'", () => {
    for (const location of [undefined, "", null, "none"]) {
      const result = LeadFiltersSchema.safeParse({ location });
      expect(result.success).toBe(false);
      expect(englishIssue(result.error!.issues[0]!)).toBe(
        "Location Selection Required: Please select a location before generating leads",
      );
    }
  });

  it("read the API's nulls and the form's empty strings alike, with 10 leads by default", () => {
    expect(
      LeadFiltersSchema.parse({ location: "dubai", team: null, purchaseDateFilter: null, customDateFrom: null }),
    ).toEqual({ count: 10, location: "dubai", includeContacted: false });
    expect(LeadFiltersSchema.parse({ location: "kuwait", team: "", purchaseDateFilter: "", count: "5" })).toEqual({
      count: 5,
      location: "kuwait",
      includeContacted: false,
    });
  });

  it("include recently contacted clients only when asked (JSON true or a ticked box)", () => {
    expect(LeadFiltersSchema.parse({ location: "dubai", includeContacted: true }).includeContacted).toBe(true);
    expect(LeadFiltersSchema.parse({ location: "dubai", includeContacted: "on" }).includeContacted).toBe(true);
    expect(LeadFiltersSchema.parse({ location: "dubai", includeContacted: "no" }).includeContacted).toBe(false);
  });

  it("need a before-date for the custom filter", () => {
    // A code, which the page and the JSON API each say in their language.
    expect(LeadFiltersSchema.safeParse({ location: "dubai", purchaseDateFilter: "custom" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["customDateFrom"], message: MESSAGE_CODES.customDateRequired }),
    ]);
    expect(
      LeadFiltersSchema.safeParse({ location: "dubai", purchaseDateFilter: "custom", customDateFrom: "2026-02-30" })
        .success,
    ).toBe(false);
    expect(
      LeadFiltersSchema.parse({ location: "dubai", purchaseDateFilter: "custom", customDateFrom: "2026-01-31" })
        .customDateFrom,
    ).toBe("2026-01-31");
  });

  it("map emirates to the UAE and other locations to countries", () => {
    expect(locationWhere("al_ain")).toEqual({ country: "uae", emirate: "al_ain" });
    expect(locationWhere("saudi_arabia")).toEqual({ country: "saudi_arabia" });
    // "All UAE": every emirate at once.
    expect(locationWhere("uae")).toEqual({ country: "uae" });
  });

  it("turn the last-purchase filter into a cut-off day", () => {
    expect(purchasedBefore({ purchaseDateFilter: "3months" }, "2026-05-31")).toBe("2026-02-28");
    expect(purchasedBefore({ purchaseDateFilter: "12months" }, "2028-02-29")).toBe("2027-02-28");
    expect(purchasedBefore({ purchaseDateFilter: "custom", customDateFrom: "2025-12-01" }, "2026-05-31")).toBe(
      "2025-12-01",
    );
    expect(purchasedBefore({ purchaseDateFilter: "none" }, "2026-05-31")).toBeNull();
    expect(subtractMonths("2026-01-15", 6)).toBe("2025-07-15");
  });
});
