import { describe, expect, it } from "vitest";
import { shortDayLabel, type Alert } from "~/domain/alerts";
import { anniversaryAlert, birthdayAlert, emiratesIdAlert, familyBirthdayAlert } from "~/domain/client-alerts";
import { addDays } from "~/domain/calendar";
import type { Language } from "~/domain/languages";
import { fixedT } from "~/i18n/i18n.server";
import { staffLine } from "./alert-line";

const aisha = {
  id: 7,
  fullName: "Aisha Al Mansoori",
  fullNameAr: "عائشة المنصوري",
  mobileNumber: "971501234567",
  consentWhatsapp: "unknown",
};
const today = "2026-03-10";

/** The line as a page shows it, with its <bdi> marks. */
function marked(alert: Alert, language: Language, name: string): string {
  const t = fixedT(language, "clients");
  const { key, values } = staffLine(alert, name, shortDayLabel(alert.date, language), t);
  return t(key, values);
}

/** The line's text. */
const line = (alert: Alert, language: Language, name = aisha.fullName) =>
  marked(alert, language, name).replace(/<\/?bdi>/g, "");

const alerts: [string, Alert][] = [
  ["a birthday today", birthdayAlert(aisha, today, 0)],
  ["a birthday tomorrow", birthdayAlert(aisha, today, 1)],
  ["a birthday in 5 days", birthdayAlert(aisha, today, 5)],
  [
    "a daughter's birthday tomorrow",
    familyBirthdayAlert(aisha, { id: 1, relation: "daughter", name: "Mariam", birthDate: "2018-03-11" }, today, 1),
  ],
  [
    "a relative's birthday in 12 days",
    familyBirthdayAlert(aisha, { id: 2, relation: "other", name: "Noor", birthDate: "1990-03-22" }, today, 12),
  ],
  ["a wedding anniversary today", anniversaryAlert(aisha, "Wedding Anniversary", today, 0)],
  ["a graduation in 9 days", anniversaryAlert(aisha, "Graduation", today, 9)],
  ["an anniversary of no type in 3 days", anniversaryAlert(aisha, null, today, 3)],
  ["an ID that expired yesterday", emiratesIdAlert(aisha, addDays(today, -1), today)],
  ["an ID that expired 4 days ago", emiratesIdAlert(aisha, addDays(today, -4), today)],
  ["an ID expiring today", emiratesIdAlert(aisha, today, today)],
  ["an ID expiring in 20 days", emiratesIdAlert(aisha, addDays(today, 20), today)],
];

describe("an alert's line for staff", () => {
  it.each(alerts)("reads in English exactly as the alert's message for %s", (_, alert) => {
    expect(line(alert, "en")).toBe(alert.message);
  });

  it.each(alerts)("has no English left in Arabic for %s, typed names aside", (_, alert) => {
    expect(marked(alert, "ar", aisha.fullName).replace(/<bdi>.*?<\/bdi>/g, "")).not.toMatch(/[A-Za-z]{2,}/);
  });

  it("words Arabic counts and relations", () => {
    expect(line(birthdayAlert(aisha, today, 5), "ar", aisha.fullNameAr)).toContain("بعد 5 أيام");
    expect(line(birthdayAlert(aisha, today, 12), "ar", aisha.fullNameAr)).toContain("بعد 12 يومًا");
    const family = familyBirthdayAlert(
      aisha,
      { id: 1, relation: "daughter", name: "مريم", birthDate: "2018-03-11" },
      today,
      1,
    );
    expect(line(family, "ar", aisha.fullNameAr)).toBe("عيد الميلاد الـ8 لـمريم، ابنة عائشة، غدًا: أرسل التهاني.");
  });
});
