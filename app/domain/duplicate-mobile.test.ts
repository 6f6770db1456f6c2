import { describe, expect, it } from "vitest";
import { duplicateMobileMessage, readDuplicateMobile } from "./duplicate-mobile";

describe("duplicate mobile messages", () => {
  it("name the client who has the number, and whether an admin must restore them first", () => {
    expect(duplicateMobileMessage({ fullName: "Aisha Al Mansoori", deletedAt: null })).toBe(
      "This mobile number already belongs to Aisha Al Mansoori.",
    );
    expect(duplicateMobileMessage({ fullName: "Aisha Al Mansoori", deletedAt: new Date() })).toBe(
      "This mobile number belongs to Aisha Al Mansoori, a deleted client. An admin can restore them.",
    );
  });

  it("are read back to the name as written, commas, full stops and Arabic included", () => {
    for (const fullName of ["Dr. Omar K. Haddad", "Haddad, Omar", "مريم الشامسي"])
      for (const deletedAt of [null, new Date()])
        expect(readDuplicateMobile(duplicateMobileMessage({ fullName, deletedAt }))).toEqual({
          name: fullName,
          deleted: deletedAt !== null,
        });
  });

  it("leave every other text alone", () => {
    expect(readDuplicateMobile("This mobile number is already in use.")).toBeNull();
    expect(readDuplicateMobile("Mobile number is required")).toBeNull();
  });
});
