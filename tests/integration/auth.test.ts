import { describe, expect, it } from "vitest";
import { hashCode } from "~/auth/crypto.server";
import { db } from "~/db/db.server";
import * as apiLogout from "~/routes/api.auth.logout";
import * as apiMe from "~/routes/api.auth.me";
import * as apiUserLogin from "~/routes/api.auth.user-login";
import * as apiVerify from "~/routes/api.auth.verify-totp";
import * as apiVerifyPhone from "~/routes/api.auth.totp.verify-login";
import * as dashboard from "~/routes/_app.dashboard";
import * as profile from "~/routes/_app.profile";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith("crm_session="))!
    .split(";")[0]!;

describe("sign-in with an authenticator code", () => {
  it("signs in through the login form and lands on the dashboard with a session row", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const digits = code().split("");
    const result = await callRoute(
      login.action,
      makeRequest("/login", { form: { intent: "code", email: user.email, digit: digits } }),
    );
    const res = await outcome(result);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const cookie = cookieFrom(res.headers);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    const me = await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie })));
    expect(me.body).toEqual({ user: { id: user.id, name: user.name, email: user.email, role: "admin" } });
  });

  it("sends road sales to the customer book, not the dashboard they may not open", async () => {
    const { user, code } = await createUser({ role: "road_sales" });
    const res = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: code() } }),
      ),
    );
    expect(res.headers.get("Location")).toBe("/customers");
  });

  it("answers a wrong code with 401 and the message, and signs nobody in", async () => {
    const { user, code } = await createUser();
    const wrong = code() === "000000" ? "111111" : "000000";
    const res = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: wrong } }),
      ),
    );
    expect(res.status).toBe(401);
    expect((res.body as { error: string }).error).toMatch(/Invalid or expired code/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("runs the JSON flow: user-login then verify-totp sets the session cookie", async () => {
    const { user, code } = await createUser();
    const step1 = await outcome(
      await callRoute(
        apiUserLogin.action,
        makeRequest("/api/auth/user-login", { json: { email: user.email.toUpperCase() } }),
      ),
    );
    expect(step1.body).toEqual({ userId: user.id, authType: "totp" });
    const step2 = await outcome(
      await callRoute(
        apiVerify.action,
        makeRequest("/api/auth/verify-totp", { json: { userId: user.id, token: code() } }),
      ),
    );
    expect(step2.status).toBe(200);
    expect(step2.body).toEqual({ user: { id: user.id, name: user.name, email: user.email, role: user.role } });
    expect(cookieFrom(step2.headers)).toMatch(/^crm_session=/);
  });

  it("does not reveal whether an email has an account", async () => {
    const res = await outcome(
      await callRoute(
        apiUserLogin.action,
        makeRequest("/api/auth/user-login", { json: { email: "nobody@example.com" } }),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ authType: "totp", userId: expect.any(String) });
  });

  it("signs in by phone number and code", async () => {
    const { user, code } = await createUser({ phone: "971501112233" });
    const res = await outcome(
      await callRoute(
        apiVerifyPhone.action,
        makeRequest("/api/auth/totp/verify-login", { json: { phoneNumber: "+971 50 111 2233", token: code() } }),
      ),
    );
    expect(res.status).toBe(200);
    expect((res.body as { user: { id: string } }).user.id).toBe(user.id);
  });

  it("refuses a code replayed within its window", async () => {
    const { user, code } = await createUser();
    const token = code();
    const first = await outcome(
      await callRoute(apiVerify.action, makeRequest("/api/auth/verify-totp", { json: { userId: user.id, token } })),
    );
    expect(first.status).toBe(200);
    const again = await outcome(
      await callRoute(apiVerify.action, makeRequest("/api/auth/verify-totp", { json: { userId: user.id, token } })),
    );
    expect(again.status).toBe(401);
  });

  it("locks the account after 5 failures in 15 minutes (429) and refuses the right code while locked", async () => {
    const { user, code } = await createUser();
    const wrong = code() === "123456" ? "654321" : "123456";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await outcome(
        await callRoute(
          apiVerify.action,
          makeRequest("/api/auth/verify-totp", { json: { userId: user.id, token: wrong } }),
        ),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await outcome(
      await callRoute(
        apiVerify.action,
        makeRequest("/api/auth/verify-totp", { json: { userId: user.id, token: code() } }),
      ),
    );
    expect(locked.status).toBe(429);
    expect((locked.body as { error: string }).error).toMatch(/locked for 15 more minutes/);
    expect(await db.auditLog.count({ where: { action: "auth.locked", targetId: user.id } })).toBeGreaterThan(0);
  });

  it("signs an otp user in once with an admin-issued code, not twice, and not after expiry", async () => {
    const { user } = await createUser({ authType: "otp" });
    await db.oneTimeCode.create({
      data: { userId: user.id, codeHash: hashCode("246810"), expiresAt: new Date(Date.now() + 60_000) },
    });
    await db.oneTimeCode.create({
      data: { userId: user.id, codeHash: hashCode("135791"), expiresAt: new Date(Date.now() - 1000) },
    });
    const first = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: "246810" } }),
      ),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/account/authenticator");
    const second = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: "246810" } }),
      ),
    );
    expect(second.status).toBe(401);
    const expired = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: "135791" } }),
      ),
    );
    expect(expired.status).toBe(401);
  });

  it("refuses a sign-in posted from another site", async () => {
    const { user, code } = await createUser();
    const res = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", {
          form: { intent: "code", email: user.email, token: code() },
          origin: "https://evil.example",
        }),
      ),
    );
    expect(res.status).toBe(403);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("sessions", () => {
  it("logout deletes the session row and the cookie no longer works", async () => {
    const { user } = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const res = await outcome(await callRoute(logout.action, makeRequest("/logout", { method: "POST", cookie })));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    const me = await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie })));
    expect(me.status).toBe(401);
  });

  it("JSON logout revokes the session too", async () => {
    const { user } = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await callRoute(apiLogout.action, makeRequest("/api/auth/logout", { method: "POST", cookie }));
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("ends a deactivated user's session at once", async () => {
    const { user } = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    const me = await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie })));
    expect(me.status).toBe(401);
  });

  it("ends an idle session", async () => {
    const { user } = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await db.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 13 * 60 * 60_000) },
    });
    const me = await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie })));
    expect(me.status).toBe(401);
  });
});

describe("role guards", () => {
  it("redirects an anonymous page request to /login with the way back", async () => {
    const res = await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard")));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("answers an anonymous JSON request with 401", async () => {
    const res = await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me")));
    expect(res.status).toBe(401);
  });

  it("keeps road sales off the dashboard with 403 'Access Restricted'", async () => {
    const { user } = await createUser({ role: "road_sales" });
    const res = await outcome(
      await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: await sessionCookieFor(user.id) })),
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ denial: { title: "Access Restricted" } });
  });

  it("keeps non-admins off the profile with 403 'Access Denied', and lets admin in", async () => {
    const { user } = await createUser({ role: "sales_back" });
    const denied = await outcome(
      await callRoute(profile.loader, makeRequest("/profile", { cookie: await sessionCookieFor(user.id) })),
    );
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ denial: { title: "Access Denied" } });
    const { user: admin } = await createUser({ role: "admin" });
    const allowed = await outcome(
      await callRoute(profile.loader, makeRequest("/profile", { cookie: await sessionCookieFor(admin.id) })),
    );
    expect(allowed.status).toBe(200);
  });
});
