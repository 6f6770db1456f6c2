import { describe, expect, it } from "vitest";
import { familyMemberSchema } from "./family";
import {
  maskEmiratesId,
  maskedValue,
  protectedFieldEdit,
  RELATED_PERSONAL_DATA,
  REVEAL_LIMIT,
  REVEAL_WINDOW_MS,
  revealAllowance,
  WITHHELD,
} from "./client-privacy";

describe("maskEmiratesId", () => {
  it("keeps the 784 prefix and the check digit of a real ID, however it was typed", () => {
    expect(maskEmiratesId("784-1990-1234567-2")).toBe("784-****-*******-2");
    expect(maskEmiratesId("784199012345672")).toBe("784-****-*******-2");
    expect(maskEmiratesId(" 784 1990 1234567 2 ")).toBe("784-****-*******-2");
  });

  it("shows no more than the last character of anything else, separators kept", () => {
    expect(maskEmiratesId("A12-345-67")).toBe("***-***-*7");
    expect(maskEmiratesId("7841990123")).toBe("*********3");
    expect(maskEmiratesId("1234")).toBe("****");
    expect(maskEmiratesId("٧٨٤١٩٩٠")).toBe("******٠");
  });

  it("never lets a digit of the middle through", () => {
    const masked = maskEmiratesId("784-1990-1234567-2");
    expect(masked.replace(/\D/g, "")).toBe("7842");
  });
});

describe("maskedValue", () => {
  it("masks for every role but admin; nothing stays nothing", () => {
    expect(maskedValue("emiratesId", "784-1990-1234567-2", "admin")).toBe("784-1990-1234567-2");
    for (const role of ["sales_front", "sales_back", "road_sales"] as const) {
      expect(maskedValue("emiratesId", "784-1990-1234567-2", role)).toBe("784-****-*******-2");
      expect(maskedValue("withheld", "https://files.example/id-front.jpg", role)).toBe(WITHHELD);
      expect(maskedValue("emiratesId", null, role)).toBe(null);
    }
  });
});

describe("protectedFieldEdit", () => {
  const stored = "784-1990-1234567-2";
  it("keeps the stored value when a non-admin sends back what they were shown", () => {
    expect(protectedFieldEdit("emiratesId", "784-****-*******-2", stored, "sales_front")).toBe("keep");
    expect(protectedFieldEdit("withheld", WITHHELD, "https://x/1.jpg", "road_sales")).toBe("keep");
  });
  it("refuses a non-admin's different value, lets them fill an empty one, lets an admin write", () => {
    expect(protectedFieldEdit("emiratesId", "784-2000-7654321-9", stored, "sales_back")).toBe("refuse");
    expect(protectedFieldEdit("emiratesId", null, stored, "sales_back")).toBe("refuse");
    expect(protectedFieldEdit("emiratesId", "784-2000-7654321-9", null, "sales_back")).toBe("write");
    expect(protectedFieldEdit("emiratesId", "784-2000-7654321-9", stored, "admin")).toBe("write");
  });
});

describe("revealAllowance", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  it(`allows ${REVEAL_LIMIT} reveals in an hour and refuses the next`, () => {
    const times = Array.from({ length: REVEAL_LIMIT - 1 }, (_, i) => minutesAgo(i + 1));
    expect(revealAllowance(times, now).ok).toBe(true);
    const full = [...times, minutesAgo(50)];
    const refused = revealAllowance(full, now);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      // The oldest of the 30 (50 minutes ago) leaves the window in 10 minutes.
      expect(refused.retryAt).toEqual(new Date(minutesAgo(50).getTime() + REVEAL_WINDOW_MS));
      expect(refused.message).toBe(
        "You have revealed 30 Emirates IDs in the last hour, the most allowed. Try again in 10 minutes.",
      );
    }
  });

  it("does not count reveals older than the window (a sliding hour, not a clock hour)", () => {
    const old = Array.from({ length: REVEAL_LIMIT }, () => minutesAgo(61));
    expect(revealAllowance(old, now).ok).toBe(true);
    const straddling = [...Array.from({ length: REVEAL_LIMIT - 1 }, () => minutesAgo(59)), minutesAgo(60)];
    expect(revealAllowance(straddling, now).ok).toBe(true);
  });
});

describe("personal data outside the client's row", () => {
  it("names every field a family member is sent and stored with (export and erasure read this list)", () => {
    const family = RELATED_PERSONAL_DATA.find((list) => list.json === "familyMembers");
    expect(family?.fields.map((f) => f.json)).toEqual(Object.keys(familyMemberSchema().shape));
    expect(family?.onErasure).toBe("delete");
  });
});
