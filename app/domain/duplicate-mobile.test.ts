import { describe, expect, it } from "vitest";
import { english } from "~/i18n/english.server";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { duplicateMobileMessage, MOBILE_IN_USE } from "./duplicate-mobile";

describe("duplicate mobile messages", () => {
  it("name the client who has the number, and whether an admin must restore them first", () => {
    expect(english(duplicateMobileMessage({ fullName: "Aisha Al Mansoori", deletedAt: null }))).toBe(
      "This mobile number already belongs to Aisha Al Mansoori.",
    );
    expect(english(duplicateMobileMessage({ fullName: "Aisha Al Mansoori", deletedAt: new Date() }))).toBe(
      "This mobile number belongs to Aisha Al Mansoori, a deleted client. An admin can restore them.",
    );
    expect(english(MOBILE_IN_USE)).toBe("This mobile number is already in use.");
  });

  it("keep the name as written, in either language", () => {
    for (const fullName of ["Dr. Omar K. Haddad", "Haddad, Omar", "مريم الشامسي", "Salt & Pepper <Co>"])
      for (const deletedAt of [null, new Date()]) {
        expect(english(duplicateMobileMessage({ fullName, deletedAt }))).toContain(fullName);
        expect(say(fixedT("ar"), duplicateMobileMessage({ fullName, deletedAt }))).toContain(fullName);
      }
  });
});
