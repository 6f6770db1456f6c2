import { describe, expect, it } from "vitest";
import { decoyAccount } from "~/auth/sign-in-account.server";
import { db } from "~/db/db.server";
import * as apiLogin from "~/routes/api.auth.login";
import * as apiUserLogin from "~/routes/api.auth.user-login";
import * as apiVerify from "~/routes/api.auth.verify-totp";
import * as login from "~/routes/login";
import { callRoute, createUser, makeRequest, outcome } from "../support/factories";

// Sign-in must not tell an outsider which emails have accounts: step 1's answer, the code step's
// statuses through to lockout, and the timing are the same for a real and an unknown email.

const CUID = /^c[0-9a-z]{24}$/;

async function stepOne(email: string) {
  return outcome(await callRoute(apiUserLogin.action, makeRequest("/api/auth/user-login", { json: { email } })));
}

// Each case signs in from its own address, so the per-address limit never masks the per-account one.
async function wrongCodes(json: Record<string, string>, times: number, ip: string) {
  const answers: { status: number; body: unknown }[] = [];
  for (let i = 0; i < times; i++) {
    const res = await outcome(
      await callRoute(
        apiVerify.action,
        makeRequest("/api/auth/verify-totp", { json, headers: { "x-remix-client-ip": ip } }),
      ),
    );
    answers.push({ status: res.status, body: res.body });
  }
  return answers;
}

const shape = (value: unknown) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v]));

describe("sign-in does not reveal who has an account", () => {
  it("answers step 1 for a real and an unknown email with the same shape, id format and authType", async () => {
    const { user } = await createUser();
    const real = await stepOne(user.email);
    const unknown = await stepOne("nobody-here@example.com");
    expect(real.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(shape(unknown.body)).toEqual(shape(real.body));
    const [r, u] = [real.body, unknown.body] as { userId: string; authType: string }[];
    expect(r!.userId).toMatch(CUID);
    expect(u!.userId).toMatch(CUID);
    expect(u!.authType).toBe(r!.authType);
    // A decoy's embedded creation time is a plausible one: not in the future.
    expect(Number.parseInt(u!.userId.slice(1, 9), 36)).toBeLessThanOrEqual(Date.now());
    // Asked again (in another case), the unknown email gets the same answer.
    expect((await stepOne("NOBODY-HERE@example.com")).body).toEqual(unknown.body);
    expect((await stepOne("someone-else@example.com")).body).not.toEqual(unknown.body);

    const spec = (email: string) =>
      callRoute(apiLogin.action, makeRequest("/api/auth/login", { json: { email } })).then(outcome);
    const [realSpec, unknownSpec] = await Promise.all([spec(user.email), spec("nobody-here@example.com")]);
    expect(shape(unknownSpec.body)).toEqual(shape(realSpec.body));
    expect((unknownSpec.body as { userId: string }).userId).toBe(u!.userId);
  });

  it("gives decoys the real accounts' spread of sign-in kinds, deterministically per email", () => {
    const at = new Date("2026-01-05T08:00:00Z");
    const pool = [
      ...Array.from({ length: 3 }, (_, i) => ({ id: `cotp${i}`, createdAt: at, authType: "otp" })),
      ...Array.from({ length: 7 }, (_, i) => ({ id: `ctotp${i}`, createdAt: at, authType: "totp" })),
    ];
    const answers = Array.from({ length: 2000 }, (_, i) => decoyAccount({ email: `x${i}@example.com` }, pool));
    const otpShare = answers.filter((a) => a.authType === "otp").length / answers.length;
    expect(otpShare).toBeGreaterThan(0.25);
    expect(otpShare).toBeLessThan(0.35);
    expect(decoyAccount({ email: "x7@example.com" }, pool)).toEqual(answers[7]);
    for (const a of answers.slice(0, 50)) expect(a.id).toMatch(CUID);
  });

  it("answers wrong codes for a real and a decoy id with the same statuses and bodies through to lockout", async () => {
    const { user, code } = await createUser();
    const wrong = code() === "123456" ? "654321" : "123456";
    const decoy = (await stepOne("locked-out-nobody@example.com")).body as { userId: string };
    const real = await wrongCodes({ userId: user.id, token: wrong }, 6, "10.0.0.1");
    const fake = await wrongCodes({ userId: decoy.userId, token: wrong }, 6, "10.0.0.2");
    expect(real.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(fake).toEqual(real);
    // The decoy's failures are counted in the database like an account's.
    expect(await db.authAttempt.count({ where: { userId: decoy.userId, success: false } })).toBe(5);
  });

  it("locks an unknown email on the login form the same way as a real one, and counts both paths together", async () => {
    const { user, code } = await createUser();
    const wrong = code() === "111111" ? "222222" : "111111";
    const viaForm = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await outcome(
          await callRoute(
            login.action,
            makeRequest("/login", {
              form: { intent: "code", email, token: wrong },
              headers: { "x-remix-client-ip": `10.0.1.${email.length}` },
            }),
          ),
        );
        statuses.push(res.status);
      }
      return statuses;
    };
    expect(await viaForm("form-nobody@example.com")).toEqual(await viaForm(user.email));
    // The JSON step answered the same id the form's failures were counted under: it is locked too.
    const decoy = (await stepOne("form-nobody@example.com")).body as { userId: string };
    const [afterJson] = await wrongCodes({ userId: decoy.userId, token: wrong }, 1, "10.0.2.1");
    expect(afterJson!.status).toBe(429);
  });

  it("takes about as long for an unknown email as for a real one", async () => {
    const { user } = await createUser();
    const time = async (email: string) => {
      const started = performance.now();
      await stepOne(email);
      return performance.now() - started;
    };
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 30; i++) {
      real.push(await time(user.email));
      unknown.push(await time(`timing-${i}@example.com`));
    }
    // The lower quartile: on a busy machine (CI runs test files side by side) the upper half of the
    // samples is scheduling noise, and the question is what each answer costs when it runs.
    const lowerQuartile = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)]!;
    const [m1, m2] = [lowerQuartile(real), lowerQuartile(unknown)];
    expect(Math.abs(m1 - m2)).toBeLessThan(Math.max(5, 0.5 * Math.max(m1, m2)));
  });
});
