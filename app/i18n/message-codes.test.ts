import { describe, expect, it } from "vitest";
import { lockedMessage } from "~/auth/code-check.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { issueMessage } from "~/domain/issue-message";
import { isCatalogKey, message } from "~/domain/messages";
import ar from "~/locales/ar";
import en from "~/locales/en";
import { catalogKeys, type Catalog } from "./catalog-check";
import { english } from "./english.server";
import { fixedT } from "./i18n.server";
import { say } from "./messages";

const keysOf = (catalogs: Record<string, unknown>) =>
  new Set(Object.entries(catalogs).flatMap(([namespace, catalog]) => [...catalogKeys(namespace, catalog as Catalog)]));

describe("the message codes (app/domain/message-codes.ts)", () => {
  const english_ = keysOf(en);
  const arabic = keysOf(ar);

  it.each(Object.entries(MESSAGE_CODES))("%s has an entry in English and in Arabic", (_name, code) => {
    expect(english_.has(code), `en: ${code}`).toBe(true);
    expect(arabic.has(code), `ar: ${code}`).toBe(true);
  });

  it("are in both languages' catalogs alike", () => {
    expect([...english_].filter((key) => !arabic.has(key))).toEqual([]);
    expect([...arabic].filter((key) => !english_.has(key))).toEqual([]);
  });

  it("are said in English for the JSON API, with their values", () => {
    const inTwoMinutes = new Date(Date.now() + 2 * 60_000 - 1_000);
    expect(english(lockedMessage(inTwoMinutes))).toBe(
      "Too many failed attempts. Sign-in is locked for 2 more minutes.",
    );
    expect(english(message(MESSAGE_CODES.codeIncomplete))).toBe("Please enter all 6 digits");
    expect(say(fixedT("ar"), lockedMessage(inTwoMinutes))).toContain("دقيقتين");
  });

  it("leave text that is not a code as it is", () => {
    expect(english("Invalid input: expected string")).toBe("Invalid input: expected string");
    expect(issueMessage({ message: "Required" })).toBe("Required");
    expect(say(fixedT("en"), "Invalid input: expected string")).toBe("Invalid input: expected string");
    // Shaped like a key, but the catalogs have no such entry.
    expect(say(fixedT("ar"), "ref:A12.b")).toBe("ref:A12.b");
  });

  it("are all shaped as catalog keys, which a page tells from sentences without the list of codes", () => {
    for (const code of Object.values(MESSAGE_CODES)) expect(isCatalogKey(code), code).toBe(true);
    expect(say(fixedT("ar"), MESSAGE_CODES.required)).toBe(fixedT("ar")(MESSAGE_CODES.required));
    for (const sentence of ["Required", "Invalid input: expected string", 'Error: No route matches URL "/x"'])
      expect(isCatalogKey(sentence)).toBe(false);
  });

  it("take a zod issue's bound as its count", () => {
    expect(issueMessage({ message: MESSAGE_CODES.required, maximum: 5 })).toEqual({
      code: MESSAGE_CODES.required,
      values: { count: 5 },
    });
  });
});
