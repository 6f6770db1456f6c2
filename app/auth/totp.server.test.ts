import { describe, expect, it } from "vitest";
import { generateTotpSecret, timeStep, totpCode, totpUri, verifyTotp } from "./totp.server";

// RFC 6238 appendix B secret ("12345678901234567890") in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("authenticator codes", () => {
  it("matches the RFC 6238 SHA-1 test vector", () => {
    // T = 59 s → 94287082; authenticator apps show the last six digits.
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe("287082");
  });

  it("accepts the current code and one step of drift either side, not two", () => {
    const secret = generateTotpSecret();
    const now = new Date("2026-11-22T10:00:15Z");
    const step = 30_000;
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(secret, new Date(now.getTime() + offset * step));
      expect(verifyTotp(secret, code, 0, now)).toEqual({ ok: true, step: timeStep(now) + offset });
    }
    const tooOld = totpCode(secret, new Date(now.getTime() - 2 * step));
    const tooNew = totpCode(secret, new Date(now.getTime() + 2 * step));
    // A six-digit collision between neighbouring steps is possible in principle; these are fixed.
    if (tooOld !== totpCode(secret, now)) expect(verifyTotp(secret, tooOld, 0, now).ok).toBe(false);
    if (tooNew !== totpCode(secret, now)) expect(verifyTotp(secret, tooNew, 0, now).ok).toBe(false);
  });

  it("refuses a code replayed in its window", () => {
    const secret = generateTotpSecret();
    const now = new Date("2026-11-22T10:00:15Z");
    const code = totpCode(secret, now);
    const first = verifyTotp(secret, code, 0, now);
    expect(first.ok).toBe(true);
    const lastUsed = first.ok ? first.step : 0;
    expect(verifyTotp(secret, code, lastUsed, new Date(now.getTime() + 10_000))).toEqual({
      ok: false,
      reason: "replay",
    });
    // An older code from the drift window is a replay too once a later one was used.
    const previous = totpCode(secret, new Date(now.getTime() - 30_000));
    expect(verifyTotp(secret, previous, lastUsed, now).ok).toBe(false);
  });

  it("refuses anything that is not six digits", () => {
    const secret = generateTotpSecret();
    expect(verifyTotp(secret, "12345", 0).ok).toBe(false);
    expect(verifyTotp(secret, "abcdef", 0).ok).toBe(false);
  });

  it("builds an otpauth URI for the app to scan", () => {
    const uri = totpUri(RFC_SECRET, "admin@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${RFC_SECRET}`);
  });
});
