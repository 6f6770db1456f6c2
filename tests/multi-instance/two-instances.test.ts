// Two app servers on one database behave as one (issue: stateless instances): a lockout, a
// sign-out and an admin-gate unlock made through one are seen by the other, and parallel wrong
// codes through both get no more checked than the lockout allows (issue #43). Runs against the
// built server (npm run build) and the database in DATABASE_URL (npm run test:pg sets PostgreSQL).
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createUser } from "../support/factories";

const PORTS = [3411, 3412] as const;
const servers: ChildProcess[] = [];
const base = (i: 0 | 1) => `http://127.0.0.1:${PORTS[i]}`;

async function waitForServer(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not start`);
}

beforeAll(async () => {
  for (const port of PORTS) {
    const child = spawn("node", ["server.mjs"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
      stdio: "ignore",
    });
    servers.push(child);
  }
  await Promise.all(PORTS.map((p) => waitForServer(`http://127.0.0.1:${p}/login`)));
}, 60_000);

afterAll(() => {
  for (const s of servers) s.kill();
});

async function post(i: 0 | 1, path: string, body: unknown, cookie?: string) {
  return fetch(`${base(i)}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base(i), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(i: 0 | 1, userId: string, token: string): Promise<string> {
  const res = await post(i, "/api/auth/verify-totp", { userId, token });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

describe("two app instances on one database", () => {
  it("a lockout made through one instance holds on the other", async () => {
    const { user, code } = await createUser();
    const wrong = code() === "000000" ? "111111" : "000000";
    for (let n = 0; n < 5; n++) await post(0, "/api/auth/verify-totp", { userId: user.id, token: wrong });
    const other = await post(1, "/api/auth/verify-totp", { userId: user.id, token: code() });
    expect(other.status).toBe(429);
  });

  it("of 60 wrong codes sent at once through both instances, checks at most 5 and refuses the rest (429)", async () => {
    const { user, code } = await createUser();
    const wrong = code() === "000000" ? "111111" : "000000";
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        post(n % 2 === 0 ? 0 : 1, "/api/auth/verify-totp", { userId: user.id, token: wrong }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(55);
    expect(await db.authAttempt.count({ where: { userId: user.id } })).toBe(5);
  });

  it("a sign-out through one instance ends the session on the other", async () => {
    const { user, code } = await createUser();
    const cookie = await signIn(0, user.id, code());
    expect((await fetch(`${base(1)}/api/auth/me`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await post(0, "/api/auth/logout", {}, cookie)).status).toBe(200);
    expect((await fetch(`${base(1)}/api/auth/me`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("an admin-gate unlock through one instance opens user management on the other", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const now = Date.now();
    const cookie = await signIn(0, user.id, code(new Date(now)));
    expect((await fetch(`${base(1)}/api/users`, { headers: { Cookie: cookie } })).status).toBe(403);
    // The sign-in spent this 30-second step's code; the next step's code is accepted (one step of drift).
    const unlock = await post(
      0,
      "/api/auth/verify-totp",
      { email: user.email, token: code(new Date(now + 30_000)) },
      cookie,
    );
    expect(unlock.status).toBe(200);
    expect((await fetch(`${base(1)}/api/users`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
