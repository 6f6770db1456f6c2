import { describe, expect, it } from "vitest";
import { AED } from "./money";
import { tierForTotal } from "./tiers";

describe("tiers from total sales", () => {
  it.each([
    [AED(1_000_000), "diamond"],
    [AED(1_000_000) - 1n, "platinum"],
    [AED(500_000), "platinum"],
    [AED(500_000) - 1n, "gold"],
    [AED(100_000), "gold"],
    [AED(100_000) - 1n, "silver"],
    [AED(25_000), "silver"],
    [AED(25_000) - 1n, "bronze"],
    [0n, "bronze"],
  ])("%s fils → %s", (total, tier) => {
    expect(tierForTotal(total)).toBe(tier);
  });
});
