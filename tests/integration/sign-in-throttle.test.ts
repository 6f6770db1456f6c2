import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { ACCOUNT_FAILURE_LIMIT } from "~/domain/lockout";
import * as apiVerify from "~/routes/api.auth.verify-totp";
import * as login from "~/routes/login";
import { callRoute, createUser, makeRequest, outcome } from "../support/factories";

const PARALLEL = 60;

let addresses = 0;
/** Each test signs in from an address of its own, so only the account's limit is in play. */
const fromAddress = () => ({ "x-remix-client-ip": `192.0.2.${++addresses}` });

function wrongCodeFor(code: string): string {
  return code === "123456" ? "654321" : "123456";
}

/** Of many wrong codes sent at once, how many were checked (recorded) and what each request got. */
async function evaluated(userId: string) {
  const [attempts, failures] = await Promise.all([
    db.authAttempt.count({ where: { userId } }),
    db.auditLog.count({ where: { action: "auth.code_failed", targetId: userId } }),
  ]);
  return { attempts, failures };
}

describe("sign-in throttling holds under parallel requests (issue #43, item 7)", () => {
  it("checks at most 5 of 60 parallel wrong codes sent to the sign-in form; the rest are 429", async () => {
    const { user, code } = await createUser();
    const wrong = wrongCodeFor(code());
    const headers = fromAddress();
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const res = await outcome(
          await callRoute(
            login.action,
            makeRequest("/login", { form: { intent: "code", email: user.email, token: wrong }, headers }),
          ),
        );
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(PARALLEL - ACCOUNT_FAILURE_LIMIT);
    expect(await evaluated(user.id)).toEqual({ attempts: ACCOUNT_FAILURE_LIMIT, failures: ACCOUNT_FAILURE_LIMIT });

    // The lock holds for the right code too.
    const right = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: code() }, headers }),
      ),
    );
    expect(right.status).toBe(429);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("checks at most 5 of 60 parallel wrong codes sent to the JSON sign-in", async () => {
    const { user, code } = await createUser();
    const wrong = wrongCodeFor(code());
    const headers = fromAddress();
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const res = await outcome(
          await callRoute(
            apiVerify.action,
            makeRequest("/api/auth/verify-totp", { json: { userId: user.id, token: wrong }, headers }),
          ),
        );
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(PARALLEL - ACCOUNT_FAILURE_LIMIT);
    expect(await evaluated(user.id)).toEqual({ attempts: ACCOUNT_FAILURE_LIMIT, failures: ACCOUNT_FAILURE_LIMIT });
  });

  it("still signs in with the right code sent beside a few wrong ones, under the limit", async () => {
    const { user, code } = await createUser();
    const wrong = wrongCodeFor(code());
    const headers = fromAddress();
    const tokens = [wrong, wrong, code(), wrong];
    const statuses = await Promise.all(
      tokens.map(async (token) => {
        const res = await outcome(
          await callRoute(
            login.action,
            makeRequest("/login", { form: { intent: "code", email: user.email, token }, headers }),
          ),
        );
        return res.status;
      }),
    );
    expect(statuses.sort()).toEqual([302, 401, 401, 401]);
    expect(await db.authAttempt.count({ where: { userId: user.id, success: true } })).toBe(1);
    expect(await db.authAttempt.count({ where: { userId: user.id, success: false } })).toBe(3);
  });
});
