import { describe, expect, it } from "vitest";
import { interactionInputSchema } from "./interactions";

const now = new Date("2026-03-10T08:00:00Z");
const parse = (input: unknown) => interactionInputSchema(now).safeParse(input);

describe("interaction input", () => {
  it("takes a type, trims the texts and stamps now when no time is given", () => {
    const r = parse({ type: "call", note: "  asked about the Eid set ", outcome: "" });
    expect(r.success && r.data).toEqual({ type: "call", note: "asked about the Eid set", outcome: null, at: now });
  });

  it("accepts an earlier time and refuses the future, junk times and unknown types", () => {
    const earlier = parse({ type: "visit", at: "2026-03-09T10:00:00Z" });
    expect(earlier.success && earlier.data.at.toISOString()).toBe("2026-03-09T10:00:00.000Z");
    expect(parse({ type: "visit", at: "2026-03-10T08:04:00Z" }).success).toBe(true);
    expect(parse({ type: "visit", at: "2026-03-11T08:00:00Z" }).success).toBe(false);
    expect(parse({ type: "visit", at: "yesterday-ish" }).success).toBe(false);
    expect(parse({ type: "fax" }).success).toBe(false);
    expect(parse({ type: "note", note: "x".repeat(2001) }).success).toBe(false);
  });
});
