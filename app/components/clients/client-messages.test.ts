import { describe, expect, it } from "vitest";
import { SEEDED_TEAMS } from "../../../tests/support/seeded-teams";
import { parseEditClientInput, parseNewClientInput, validationFailedMessage } from "~/domain/client-input";
import { MESSAGE_CODES } from "~/domain/message-codes";
import type { Message } from "~/domain/messages";
import { english } from "~/i18n/english.server";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { validationFailedText } from "./client-messages";

const en = fixedT("en", "clientForm");
const ar = fixedT("ar", "clientForm");

const minimal = { fullName: "Aisha Al Mansoori", mobileNumber: "050 123 4567", team: "team_a" };

/** A post that breaks one client rule, the field it names and the English /api/clients has always answered. */
const RULES: [input: Record<string, unknown>, path: string, english: string][] = [
  [{ fullName: " " }, "fullName", "Name is required"],
  [{ mobileNumber: "" }, "mobileNumber", "Mobile number is required"],
  [{ mobileNumber: "12345" }, "mobileNumber", "Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)"],
  [{ country: "mars" }, "country", "Choose a country from the list"],
  [{ country: "uae", emirate: "none" }, "emirate", "Emirate is required when the country is UAE"],
  [{ team: "" }, "team", "Team is required"],
  [{ totalSalesValue: "12.345" }, "totalSalesValue", "Enter an amount in AED, e.g. 1250.50"],
  [
    { newSaleAmount: "1,250" },
    "newSaleAmount",
    "Enter the sale amount as digits with an optional decimal point, e.g. 1250.50",
  ],
  [{ totalSalesValue: "10" }, "lastPurchaseDate", "Purchase date is required when entering a sales amount"],
  [{ dateOfBirth: "2023-02-29" }, "dateOfBirth", "Enter a valid date (YYYY-MM-DD)"],
  [{ email: "not-an-email" }, "email", "Invalid email address"],
  [{ anniversaryType: "birthday" }, "anniversaryType", "Choose an anniversary type from the list"],
  [{ contactOk: "maybe" }, "contactOk", "Choose Yes or No"],
  [{ preferredLanguage: "fr" }, "preferredLanguage", "Choose English (en) or Arabic (ar)"],
  [{ fullName: "x".repeat(500) }, "fullName", "Too long"],
  [
    { ringSize: "size <14>" },
    "ringSize",
    "Enter a size as the shop writes it, e.g. 14, N½ or 2.6 (letters, digits, spaces and . / - ½ ¼ ¾, at most 12)",
  ],
  [
    { preferredMetals: ["bronze"] },
    "preferredMetals",
    "Choose metals from: Yellow gold, White gold, Rose gold, Platinum, Silver",
  ],
  [
    { preferredStones: ["glass"] },
    "preferredStones",
    "Choose stones from: Diamond, Ruby, Emerald, Sapphire, Pearl, Other",
  ],
  [{ styles: { a: 1 } }, "styles", "Enter styles as words separated by commas, e.g. Classic, Minimal"],
  [{ styles: ["x".repeat(41)] }, "styles", "Each style is at most 40 characters"],
  [{ styles: Array.from({ length: 11 }, (_, i) => `Style ${i}`) }, "styles", "At most 10 styles"],
  [
    { budgetBand: "cheap" },
    "budgetBand",
    "Choose a budget (Under AED 5,000; AED 5,000 – 20,000; AED 20,000 – 50,000; AED 50,000 – 150,000; AED 150,000 and above) or give an amount in AED",
  ],
];

/** The message a post's field gets from the rules: the new-sale box is the edit form's, the rest the new form's. */
function ruleMessage(input: Record<string, unknown>, path: string): Message | string | undefined {
  const result =
    path === "newSaleAmount"
      ? parseEditClientInput({ ...minimal, ...input }, SEEDED_TEAMS)
      : parseNewClientInput({ ...minimal, ...input }, SEEDED_TEAMS);
  return result.ok ? undefined : result.issues.find((issue) => issue.path === path)?.message;
}

describe("the client rules' messages", () => {
  it("are codes, one for each rule of this table", () => {
    const codes = RULES.map(([input, path]) => {
      const said = ruleMessage(input, path);
      return typeof said === "object" ? said.code : said;
    });
    // The rules' codes are named client…; the service's refusals (mobileTaken…) are not.
    const clientRules = Object.entries(MESSAGE_CODES)
      .filter(([name, code]) => /^client[A-Z]/.test(name) && code.startsWith("clientForm:messages."))
      .map(([, code]) => code);
    expect(new Set(codes)).toEqual(new Set(clientRules));
  });

  it.each(RULES)("say today's English in the JSON and on an English page: %j", (input, path, text) => {
    const said = ruleMessage(input, path)!;
    expect(english(said)).toBe(text);
    expect(say(en, said)).toBe(text);
  });

  it.each(RULES)("are Arabic on an Arabic page: %j", (input, path) => {
    const text = say(ar, ruleMessage(input, path)!);
    // Sizes are written with Latin letters ("N½"); nothing else is English, and every value is filled in.
    expect(text).not.toMatch(/[A-Za-z]{2,}|\{\{/);
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it("list the choices in Arabic by their Arabic labels", () => {
    expect(say(ar, ruleMessage({ preferredMetals: ["bronze"] }, "preferredMetals")!)).toBe(
      `اختر المعادن من: ${["yellow_gold", "white_gold", "rose_gold", "platinum", "silver"].map((m) => ar(`clients:metal.${m}`)).join("، ")}`,
    );
  });

  it("say 'Validation failed' with the fields' JSON names in English, as the API does, and their labels in Arabic", () => {
    const issues = [
      { path: "fullName", message: "" },
      { path: "mobileNumber", message: "" },
      { path: "fullName", message: "" },
    ];
    expect(validationFailedText(issues, en)).toBe(validationFailedMessage(issues));
    expect(validationFailedText(issues, en)).toBe("Validation failed for: fullName, mobileNumber");
    expect(validationFailedText(issues, ar)).toBe("تعذّر التحقق من: الاسم الكامل، رقم الجوال");
  });
});
