import { describe, expect, it } from "vitest";
import { CLIENT_FIELD_NAMES, clientField, WIPED_FIELDS } from "./client-fields";
import {
  CLEARED_FIELDS,
  confirmsClientName,
  erasedClientName,
  erasedMobile,
  erasedSearchText,
  isErasedMobile,
} from "./client-erasure";
import { normalizeMobile } from "./mobile";

describe("what erasure writes", () => {
  it("names the client by id and gives them a mobile no real number can equal", () => {
    expect(erasedClientName(12)).toBe("Erased client #12");
    expect(erasedMobile(12)).toBe("erased-12");
    expect(isErasedMobile("erased-12")).toBe(true);
    expect(isErasedMobile("971501234567")).toBe(false);
    // A stored mobile is digits only, so the stand-in never collides with one typed later.
    expect(normalizeMobile("erased-12")).not.toBe("erased-12");
  });

  it("clears every other personal field and keeps what the business's figures read", () => {
    expect(CLEARED_FIELDS).toEqual(
      expect.arrayContaining([
        "email",
        "emiratesId",
        "emiratesIdExpiry",
        "emiratesIdPictures",
        "emiratesIdPicture",
        "dateOfBirth",
        "anniversaryType",
        "anniversaryDate",
        "area",
        "pepStatus",
        "preferredTime",
        "preferredCollection",
        "meetingComments",
        "contactOk",
      ]),
    );
    expect(CLEARED_FIELDS).not.toContain("fullName");
    expect(CLEARED_FIELDS).toContain("fullNameAr");
    expect([...WIPED_FIELDS].sort()).toEqual(["fullName", "mobileNumber", ...CLEARED_FIELDS].sort());
    const kept = CLIENT_FIELD_NAMES.filter((n) => clientField(n).erasure === "keep");
    expect(kept).toEqual([
      "country",
      "emirate",
      "team",
      "totalSalesFils",
      "lastPurchaseDate",
      "preferredLanguage",
      "category",
      "isActive",
    ]);
  });

  it("leaves only the stand-ins in the search column", () => {
    expect(erasedSearchText(7)).toBe("erased client #7 erased-7");
  });
});

describe("the typed confirmation", () => {
  it("is the client's name, whatever the spacing", () => {
    expect(confirmsClientName("Aisha Al Mansoori", "Aisha Al Mansoori")).toBe(true);
    expect(confirmsClientName("  Aisha  Al Mansoori ", "Aisha Al  Mansoori")).toBe(true);
  });

  it("refuses another name, another case, a part of it or nothing", () => {
    expect(confirmsClientName("aisha al mansoori", "Aisha Al Mansoori")).toBe(false);
    expect(confirmsClientName("Aisha", "Aisha Al Mansoori")).toBe(false);
    expect(confirmsClientName("", "")).toBe(false);
    expect(confirmsClientName("   ", "Aisha")).toBe(false);
  });
});
