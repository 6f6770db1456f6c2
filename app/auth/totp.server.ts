import * as OTPAuth from "otpauth";
import { PRODUCT_NAME } from "~/domain/product";
import { isSixDigitCode } from "~/domain/one-time-code";

/** RFC 6238 as authenticator apps implement it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step of clock drift either side is accepted. */
const DRIFT_STEPS = 1;

export function generateTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function isBase32Secret(value: string): boolean {
  return /^[A-Z2-7]{16,}=*$/.test(value.replace(/\s+/g, "").toUpperCase());
}

function totpFor(secret: string, accountName = "") {
  return new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    label: accountName,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "").toUpperCase()),
  });
}

/** The otpauth:// URI an authenticator app scans (issuer and account shown in the app). */
export function totpUri(secret: string, accountName: string): string {
  return totpFor(secret, accountName).toString();
}

/** The code for a moment: used by the operator tools and by tests that sign in like a user. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}

export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * Checks a code against a secret, allowing one step of drift either side. Returns the time step
 * the code belongs to, so the caller can refuse any code from that step or earlier afterwards
 * (a code accepted once must not be accepted again), or null when it does not match.
 */
export function matchTotp(secret: string, token: string, now: Date = new Date()): number | null {
  if (!isSixDigitCode(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : timeStep(now) + delta;
}

/** A code is fresh when it matches and its step is later than the last step used on the device. */
export function verifyTotp(
  secret: string,
  token: string,
  lastUsedStep: number,
  now: Date = new Date(),
): { ok: true; step: number } | { ok: false; reason: "mismatch" | "replay" } {
  const step = matchTotp(secret, token, now);
  if (step === null) return { ok: false, reason: "mismatch" };
  if (step <= lastUsedStep) return { ok: false, reason: "replay" };
  return { ok: true, step };
}
