import { describe, expect, it } from "vitest";
import { anniversaryAlert, birthdayAlert, emiratesIdAlert, familyBirthdayAlert } from "./client-alerts";
import { businessToday, daysUntilNextOccasion, monthDaysWithin } from "./calendar";

const aisha = { id: 7, fullName: "Aisha Al Mansoori", mobileNumber: "971501234567", consentWhatsapp: "unknown" };

describe("alert messages", () => {
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
  it("gives no link at all for a client who withdrew WhatsApp consent", () => {
    const withdrawn = { ...aisha, consentWhatsapp: "withdrawn" };
    expect(birthdayAlert(withdrawn, "2026-03-10", 0).whatsappUrl).toBeNull();
    expect(anniversaryAlert(withdrawn, null, "2026-03-10", 3).whatsappUrl).toBeNull();
    expect(emiratesIdAlert(withdrawn, "2026-03-12", "2026-03-10").whatsappUrl).toBeNull();
    expect(birthdayAlert({ ...aisha, consentWhatsapp: "granted" }, "2026-03-10", 0).whatsappUrl).toContain("wa.me");
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

describe("family birthdays (docs/decisions/019)", () => {
  const mariam = { id: 3, relation: "daughter" as const, name: "Mariam", birthDate: "2018-12-01" };

  it("says whose family, who, the age turned and when: 'Aisha's daughter Mariam turns 8 in 5 days'", () => {
    const alert = familyBirthdayAlert(aisha, mariam, "2026-11-26", 5);
    expect(alert.message).toBe("Aisha's daughter Mariam turns 8 in 5 days (Tue 1 Dec): plan a greeting.");
    expect(alert).toMatchObject({
      clientId: 7,
      clientName: "Aisha Al Mansoori",
      type: "birthday",
      date: "2026-12-01",
      daysLeft: 5,
      priority: "medium",
      familyMember: { id: 3, relation: "daughter", name: "Mariam", age: 8 },
    });
    // The WhatsApp message is to the client, about her daughter's birthday, counted.
    expect(alert.whatsappMessage).toMatch(/^Dear Aisha, Mariam's 8th birthday is coming up on 1 December! /);
    expect(alert.whatsappUrl).toContain("https://wa.me/971501234567?text=");
  });

  it("greets on the day and the day before", () => {
    expect(familyBirthdayAlert(aisha, mariam, "2026-12-01", 0).message).toBe(
      "Aisha's daughter Mariam turns 8 today: send your wishes.",
    );
    const tomorrow = familyBirthdayAlert(aisha, mariam, "2026-11-30", 1);
    expect(tomorrow.message).toBe("Aisha's daughter Mariam turns 8 tomorrow: send your wishes.");
    expect(tomorrow.whatsappMessage).toMatch(/^Dear Aisha, wishing Mariam a very happy 8th birthday tomorrow! /);
  });

  it("names each relation; an adult's birthday is not counted to the client", () => {
    const omar = { id: 4, relation: "spouse" as const, name: "Omar", birthDate: "1984-12-03" };
    const spouse = familyBirthdayAlert(aisha, omar, "2026-11-26", 7);
    expect(spouse.message).toBe("Aisha's spouse Omar turns 42 in 7 days (Thu 3 Dec): plan a greeting.");
    expect(spouse.whatsappMessage).toMatch(/^Dear Aisha, Omar's birthday is coming up on 3 December! /);
    const noor = { id: 5, relation: "other" as const, name: "Noor", birthDate: "2001-01-21" };
    expect(familyBirthdayAlert(aisha, noor, "2027-01-01", 20).message).toBe(
      "Aisha's relative Noor turns 26 in 20 days (Thu 21 Jan): plan a greeting.",
    );
    const son = { id: 6, relation: "son" as const, name: "Zayed", birthDate: "2025-01-02" };
    expect(familyBirthdayAlert(aisha, son, "2026-12-29", 4).whatsappMessage).toMatch(
      /^Dear Aisha, Zayed's 2nd birthday is coming up on 2 January! /,
    );
  });

  it("counts a 29 February birthday on 28 February in a common year, and the age by the year", () => {
    const leapling = { id: 8, relation: "son" as const, name: "Khalid", birthDate: "2016-02-29" };
    const today = "2027-02-20";
    const alert = familyBirthdayAlert(aisha, leapling, today, daysUntilNextOccasion(229, today));
    expect(alert).toMatchObject({ date: "2027-02-28", daysLeft: 8, familyMember: { age: 11 } });
    expect(alert.message).toBe("Aisha's son Khalid turns 11 in 8 days (Sun 28 Feb): plan a greeting.");
    const leapYear = familyBirthdayAlert(aisha, leapling, "2028-02-29", 0);
    expect(leapYear.message).toBe("Aisha's son Khalid turns 12 today: send your wishes.");
  });

  it("leaves the client's own alerts without a family member", () => {
    expect(birthdayAlert(aisha, "2026-03-10", 0).familyMember).toBeNull();
  });
});
