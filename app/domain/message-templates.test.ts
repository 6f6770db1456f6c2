import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { anniversaryAlert, birthdayAlert, emiratesIdAlert, familyBirthdayAlert } from "./client-alerts";
import {
  arabicInDays,
  clientMessage,
  DEFAULT_MESSAGE_BOOK,
  MESSAGE_OCCASION_KEYS,
  MESSAGE_OCCASIONS,
  messageBodyProblem,
  messageBook,
  placeholdersIn,
  renderMessage,
} from "./message-templates";

const t = fixedT("en");

const aisha = { id: 1, fullName: "Aisha Al Mansoori", mobileNumber: "971501234567", consentWhatsapp: "unknown" };
const arabic = { ...aisha, fullNameAr: "عائشة المنصوري", preferredLanguage: "ar" };

describe("message template validation", () => {
  it("accepts every default, in both languages", () => {
    for (const occasion of MESSAGE_OCCASION_KEYS)
      for (const body of Object.values(MESSAGE_OCCASIONS[occasion].defaults))
        expect(messageBodyProblem(occasion, body, t)).toBeNull();
  });

  it("names an unknown placeholder and the ones the occasion can use", () => {
    expect(messageBodyProblem("birthday_today", "Happy Birthday, {frstName}!", t)).toBe(
      "Unknown placeholder {frstName}: this message can use {firstName}, {fullName}",
    );
    expect(messageBodyProblem("greeting", "Hello {firstName}, {daysLeft}", t)).toMatch(
      /^Unknown placeholder \{daysLeft\}/,
    );
  });

  it("asks for a required placeholder left out, and for some text", () => {
    expect(messageBodyProblem("birthday_upcoming", "Happy birthday on {date}!", t)).toBe("Include {firstName}");
    expect(messageBodyProblem("family_birthday_soon", "Dear {firstName}, happy birthday!", t)).toBe(
      "Include {memberName}",
    );
    expect(messageBodyProblem("greeting", "   ", t)).toBe("Write the message, or reset it to the default");
    expect(messageBodyProblem("greeting", "x".repeat(1001), t)).toBe("At most 1000 characters");
  });

  it("says what is wrong in Arabic on an Arabic page, the placeholders as written", () => {
    expect(messageBodyProblem("birthday_upcoming", "عيد ميلاد سعيد {date}", fixedT("ar"))).toBe("أضف {firstName}");
  });

  it("lists and fills placeholders", () => {
    expect(placeholdersIn("{a} {b} {a} { c }")).toEqual(["a", "b", " c "]);
    expect(renderMessage("Dear {firstName}, in {daysLeft} days", { firstName: "Aisha", daysLeft: 5 })).toBe(
      "Dear Aisha, in 5 days",
    );
  });

  it("uses an admin's wording where saved and the default elsewhere, ignoring stale rows", () => {
    const book = messageBook([
      { occasion: "greeting", language: "ar", body: "أهلاً {firstName}" },
      { occasion: "gone", language: "en", body: "x" },
      { occasion: "greeting", language: "fr", body: "x" },
    ]);
    expect(book.greeting.ar).toBe("أهلاً {firstName}");
    expect(book.greeting.en).toBe(DEFAULT_MESSAGE_BOOK.greeting.en);
  });
});

describe("Arabic plural forms of 'in N days'", () => {
  it.each([
    [0, "اليوم"], // zero
    [1, "خلال يوم واحد"], // one
    [2, "خلال يومين"], // two
    [3, "خلال 3 أيام"], // few: 3–10
    [10, "خلال 10 أيام"],
    [11, "خلال 11 يوماً"], // many: 11–99
    [99, "خلال 99 يوماً"],
    [100, "خلال 100 يوم"], // other: 100+
    [101, "خلال 101 يوم"],
  ])("%i days: %s", (days, phrase) => {
    expect(arabicInDays(days)).toBe(phrase);
  });
});

describe("messages in the client's language", () => {
  it("keeps today's English messages word for word", () => {
    expect(birthdayAlert(aisha, "2026-03-10", 0).whatsappMessage).toBe(
      "Happy Birthday, Aisha! 🎉 Wishing you a wonderful day and a brilliant year ahead, with warm wishes from all of us.",
    );
    expect(birthdayAlert(aisha, "2026-12-31", 3).whatsappMessage).toBe(
      "Dear Aisha, your birthday is coming up on 3 January! 🎉 We would love to help you celebrate: reply here to see pieces we have picked for you.",
    );
    expect(anniversaryAlert(aisha, "Graduation", "2026-03-10", 1).whatsappMessage).toBe(
      "Happy Graduation Anniversary for tomorrow, Aisha! ✨ Wishing you a day to remember, with warm wishes from all of us.",
    );
    expect(anniversaryAlert(aisha, "Wedding Anniversary", "2026-03-10", 9).whatsappMessage).toBe(
      "Dear Aisha, your wedding anniversary is coming up on 19 March. ✨ Let us help you mark the day: reply here to see pieces picked for the occasion.",
    );
    expect(emiratesIdAlert(aisha, "2026-03-11", "2026-03-10").whatsappMessage).toBe(
      "Dear Aisha, a friendly reminder that your Emirates ID expires tomorrow. Once it is renewed, please share your renewed Emirates ID with us so we can keep your client file up to date. Thank you!",
    );
  });

  it("writes to an Arabic-speaking client in Arabic, by the Arabic name", () => {
    expect(birthdayAlert(arabic, "2026-03-10", 0).whatsappMessage).toMatch(/^كل عام وأنت بخير يا عائشة! /);
    expect(birthdayAlert(arabic, "2026-12-31", 3).whatsappMessage).toMatch(/^أهلاً عائشة، يقترب عيد ميلادك في 3 يناير!/);
    expect(anniversaryAlert(arabic, "Wedding Anniversary", "2026-03-10", 9).whatsappMessage).toContain(
      "تقترب ذكرى الزواج في 19 مارس",
    );
    expect(emiratesIdAlert(arabic, "2026-03-15", "2026-03-10").whatsappMessage).toContain("تنتهي في 15 مارس");
    const son = { id: 3, relation: "son" as const, name: "Omar", birthDate: "2018-03-11" as const };
    expect(familyBirthdayAlert(arabic, son, "2026-03-10", 1).whatsappMessage).toContain(
      "كل عام وOmar بخير بمناسبة عيد الميلاد الـ8 غداً",
    );
  });

  it("uses the English name in Arabic when there is no Arabic name, and English for an unknown language", () => {
    expect(clientMessage(DEFAULT_MESSAGE_BOOK, "greeting", { fullName: "Aisha", preferredLanguage: "ar" })).toBe(
      "مرحباً Aisha، تحية طيبة من Jewel CRM!",
    );
    expect(clientMessage(DEFAULT_MESSAGE_BOOK, "greeting", { fullName: "Aisha", preferredLanguage: "fr" })).toMatch(
      /^Hello Aisha, /,
    );
  });

  it("writes with an admin's wording", () => {
    const book = messageBook([{ occasion: "birthday_upcoming", language: "ar", body: "{firstName}: {inDays}" }]);
    expect(birthdayAlert(arabic, "2026-03-10", 12, book).whatsappMessage).toBe("عائشة: خلال 12 يوماً");
  });
});
