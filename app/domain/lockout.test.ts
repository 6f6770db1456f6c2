import { describe, expect, it } from "vitest";
import { ACCOUNT_FAILURE_LIMIT, lockedUntil } from "./lockout";

const t0 = new Date("2026-03-01T10:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe("lockout counting", () => {
  it("does not lock after four failures", () => {
    const failures = [0, 1, 2, 3].map(at);
    expect(lockedUntil(failures, at(4), ACCOUNT_FAILURE_LIMIT)).toBeNull();
  });
  it("locks for 15 minutes from the fifth failure within 15 minutes", () => {
    const failures = [0, 1, 2, 3, 4].map(at);
    expect(lockedUntil(failures, at(5), ACCOUNT_FAILURE_LIMIT)).toEqual(at(19));
    expect(lockedUntil(failures, at(18.9), ACCOUNT_FAILURE_LIMIT)).toEqual(at(19));
  });
  it("unlocks once the lock has run out", () => {
    const failures = [0, 1, 2, 3, 4].map(at);
    expect(lockedUntil(failures, at(19), ACCOUNT_FAILURE_LIMIT)).toBeNull();
  });
  it("does not count failures spread wider than the window", () => {
    const failures = [0, 5, 10, 15, 20].map(at);
    expect(lockedUntil(failures, at(21), ACCOUNT_FAILURE_LIMIT)).toBeNull();
  });
  it("locks again when a fresh run of five builds up", () => {
    const failures = [0, 1, 2, 3, 4, 30, 31, 32, 33, 34].map(at);
    expect(lockedUntil(failures, at(35), ACCOUNT_FAILURE_LIMIT)).toEqual(at(49));
  });
});
