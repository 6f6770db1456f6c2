import { describe, expect, it } from "vitest";
import {
  alertPriority,
  anniversaryAlert,
  anniversaryName,
  birthdayAlert,
  emiratesIdAlert,
  firstName,
  messageTemplate,
} from "./alerts";
import { businessToday, daysUntilNextOccasion, monthDaysWithin } from "./calendar";

const aisha = { id: 7, fullName: "Aisha Al Mansoori", mobileNumber: "971501234567" };

describe("priority bands", () => {
  it("is high today and for an expired ID", () => {
    expect(alertPriority(0)).toBe("high");
    expect(alertPriority(-1)).toBe("high");
    expect(alertPriority(-30)).toBe("high");
  });
  it("is medium from tomorrow through 7 days, low after", () => {
    expect(alertPriority(1)).toBe("medium");
    expect(alertPriority(7)).toBe("medium");
    expect(alertPriority(8)).toBe("low");
    expect(alertPriority(30)).toBe("low");
  });
});

describe("message template choice", () => {
  it("uses one template for 1 day or none and another for several days", () => {
    expect(messageTemplate(0)).toBe("imminent");
    expect(messageTemplate(1)).toBe("imminent");
    expect(messageTemplate(2)).toBe("upcoming");
    expect(messageTemplate(30)).toBe("upcoming");
    expect(messageTemplate(-1)).toBe("expired");
  });

  it("greets on the day and counts down before it (birthdays)", () => {
    const today = birthdayAlert(aisha, "2026-03-10", 0);
    expect(today.message).toBe("Happy Birthday, Aisha Al Mansoori! Their birthday is today: send your wishes.");
    expect(today.whatsappMessage).toMatch(/^Happy Birthday, Aisha! /);
    expect(birthdayAlert(aisha, "2026-03-10", 1).message).toContain("is tomorrow");
    expect(birthdayAlert(aisha, "2026-03-10", 1).whatsappMessage).toMatch(/^Happy Birthday for tomorrow, Aisha! /);
    const later = birthdayAlert(aisha, "2026-12-29", 5);
    expect(later.message).toBe("Aisha Al Mansoori's birthday is in 5 days (Sun 3 Jan): plan a greeting.");
    expect(later.whatsappMessage).toMatch(/^Dear Aisha, your birthday is coming up on 3 January!/);
    expect(later.date).toBe("2027-01-03");
    expect(later.type).toBe("birthday");
  });

  it("names the anniversary", () => {
    expect(anniversaryAlert(aisha, "Wedding Anniversary", "2026-03-10", 0).message).toBe(
      "Happy Wedding Anniversary, Aisha Al Mansoori! It is today: send your wishes.",
    );
    expect(anniversaryAlert(aisha, "Graduation", "2026-03-10", 12).message).toBe(
      "Aisha Al Mansoori's graduation anniversary is in 12 days (Sun 22 Mar): plan a greeting.",
    );
    expect(anniversaryName(null)).toBe("Anniversary");
    expect(anniversaryName("Other")).toBe("Anniversary");
  });

  it("tells expiring and expired Emirates IDs apart; an ID expiring today is still valid", () => {
    const expired = emiratesIdAlert(aisha, "2026-03-09", "2026-03-10");
    expect(expired).toMatchObject({ type: "emirates_id_expired", daysLeft: -1, priority: "high" });
    expect(expired.message).toBe(
      "Aisha Al Mansoori's Emirates ID expired yesterday (Mon 9 Mar): ask for the renewed ID.",
    );
    expect(expired.whatsappMessage).toContain("expired on 9 March");
    expect(emiratesIdAlert(aisha, "2026-03-10", "2026-03-10")).toMatchObject({
      type: "emirates_id_expiring",
      daysLeft: 0,
      priority: "high",
    });
    expect(emiratesIdAlert(aisha, "2026-03-10", "2026-03-10").message).toContain("expires today");
    const soon = emiratesIdAlert(aisha, "2026-03-15", "2026-03-10");
    expect(soon).toMatchObject({ type: "emirates_id_expiring", daysLeft: 5, priority: "medium" });
    expect(soon.message).toBe("Aisha Al Mansoori's Emirates ID expires in 5 days (Sun 15 Mar).");
  });
});

describe("WhatsApp action", () => {
  it("opens a chat with the mobile's digits and the client-facing message, encoded", () => {
    const alert = birthdayAlert({ ...aisha, mobileNumber: "+971 50 123 4567" }, "2026-03-10", 0);
    expect(alert.whatsappUrl).toBe(`https://wa.me/971501234567?text=${encodeURIComponent(alert.whatsappMessage)}`);
    expect(alert.whatsappUrl).toContain("Happy%20Birthday%2C%20Aisha!");
  });
  it("greets clients by their first name", () => {
    expect(firstName("  Omar   Khalid Saeed ")).toBe("Omar");
  });
});

describe("occasion days for alerts (the shop's day, yearly dates)", () => {
  it("counts from the Dubai day: at 23:30 UTC on 2 January, a 3 January birthday is today", () => {
    const today = businessToday(new Date("2027-01-02T23:30:00Z"), "Asia/Dubai");
    expect(today).toBe("2027-01-03");
    expect(daysUntilNextOccasion(103, today)).toBe(0);
    expect(daysUntilNextOccasion(103, businessToday(new Date("2027-01-02T19:30:00Z"), "Asia/Dubai"))).toBe(1);
  });
  it("rolls over the year end and month ends inside the 30-day window", () => {
    expect(daysUntilNextOccasion(103, "2026-12-29")).toBe(5);
    expect(monthDaysWithin("2026-12-29", 30)).toContain(103);
    expect(daysUntilNextOccasion(301, "2026-02-27")).toBe(2);
    expect(daysUntilNextOccasion(1001, "2026-09-30")).toBe(1);
  });
  it("is 40 days out (outside the window) for a date 40 days ahead", () => {
    expect(daysUntilNextOccasion(208, "2026-12-30")).toBe(40);
    expect(monthDaysWithin("2026-12-30", 30)).not.toContain(208);
  });
  it("puts a 29 February birthday on 28 February in a common year", () => {
    expect(monthDaysWithin("2027-02-20", 30)).toContain(229);
    const alert = birthdayAlert(aisha, "2027-02-20", daysUntilNextOccasion(229, "2027-02-20"));
    expect(alert.date).toBe("2027-02-28");
    expect(alert.daysLeft).toBe(8);
  });
});
