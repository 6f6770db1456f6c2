import { beforeEach, describe, expect, it } from "vitest";
import { openDeviceSecret } from "~/auth/crypto.server";
import { totpCode } from "~/auth/totp.server";
import { db } from "~/db/db.server";
import * as apiMe from "~/routes/api.auth.me";
import * as totpSetup from "~/routes/api.auth.totp.setup";
import * as totpVerifySetup from "~/routes/api.auth.totp.verify-setup";
import * as verifyTotp from "~/routes/api.auth.verify-totp";
import * as usersApi from "~/routes/api.users";
import * as userApi from "~/routes/api.users.$id";
import * as generateOtpApi from "~/routes/api.users.$id.generate-otp";
import * as statsApi from "~/routes/api.users.stats";
import * as login from "~/routes/login";
import * as usersPage from "~/routes/_app.profile.users";
import { ADMIN_GATE_REQUIRED } from "~/auth/admin-gate.server";
import { unlockedAdmin } from "../support/admin-gate";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

type Json = Record<string, unknown>;

const api = {
  list: (cookie: string, query = "") => callRoute(usersApi.loader, makeRequest(`/api/users${query}`, { cookie })),
  create: (cookie: string, json: unknown) => callRoute(usersApi.action, makeRequest("/api/users", { cookie, json })),
  update: (cookie: string, id: string, json: unknown) =>
    callRoute(userApi.action, makeRequest(`/api/users/${id}`, { cookie, method: "PUT", json }), { id }),
  remove: (cookie: string, id: string) =>
    callRoute(userApi.action, makeRequest(`/api/users/${id}`, { cookie, method: "DELETE" }), { id }),
  generateOtp: (cookie: string, id: string) =>
    callRoute(generateOtpApi.action, makeRequest(`/api/users/${id}/generate-otp`, { cookie, method: "POST" }), { id }),
  stats: (cookie: string) => callRoute(statsApi.loader, makeRequest("/api/users/stats", { cookie })),
};

/** Every /api/users route in turn (delete last, so the others still find the user). */
async function allStatuses(cookie: string, targetId: string) {
  const calls = [
    () => api.list(cookie),
    () => api.create(cookie, { name: "Gate Probe", email: `probe-${Date.now()}-${Math.random()}@example.com` }),
    () => api.update(cookie, targetId, { department: "Probe" }),
    () => api.generateOtp(cookie, targetId),
    () => api.stats(cookie),
    () => api.remove(cookie, targetId),
  ];
  const statuses: number[] = [];
  for (const call of calls) statuses.push((await outcome(await call())).status);
  return statuses;
}

describe("/api/users access", () => {
  it("refuses every route to non-admins (403), to an admin before the gate (403), and allows them after", async () => {
    const { user: target } = await createUser({ role: "road_sales", authType: "otp" });
    for (const role of ["sales_front", "sales_back", "road_sales"] as const) {
      const { user } = await createUser({ role });
      expect(await allStatuses(await sessionCookieFor(user.id), target.id)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    const { user: lockedAdmin } = await createUser({ role: "admin" });
    const lockedCookie = await sessionCookieFor(lockedAdmin.id);
    const refused = await outcome(await api.list(lockedCookie));
    expect(refused.body).toEqual({ error: expect.stringMatching(/Admin verification required/) });
    expect(await allStatuses(lockedCookie, target.id)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await db.user.count({ where: { id: target.id } })).toBe(1);

    const { cookie } = await unlockedAdmin();
    expect(await allStatuses(cookie, target.id)).toEqual([200, 201, 200, 200, 200, 200]);
    expect(await db.user.count({ where: { id: target.id } })).toBe(0);
  });

  it("answers anonymous calls with 401", async () => {
    expect((await outcome(await api.list(""))).status).toBe(401);
  });

  it("refuses a wrong gate code with 'Invalid' and keeps the routes locked", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const wrong = code() === "000000" ? "111111" : "000000";
    const res = await outcome(
      await callRoute(
        verifyTotp.action,
        makeRequest("/api/auth/verify-totp", { cookie, json: { email: user.email, token: wrong } }),
      ),
    );
    expect(res.status).toBe(401);
    expect((res.body as Json).error).toMatch(/Invalid/);
    expect((await outcome(await api.list(cookie))).status).toBe(403);
  });

  it("locks again once the gate has been idle past its expiry, and each use slides it", async () => {
    const { user, cookie } = await unlockedAdmin();
    const session = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    await db.session.update({ where: { id: session.id }, data: { adminUnlockedUntil: new Date(Date.now() + 60_000) } });
    expect((await outcome(await api.list(cookie))).status).toBe(200);
    const slid = await db.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(slid.adminUnlockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await db.session.update({ where: { id: session.id }, data: { adminUnlockedUntil: new Date(Date.now() - 1) } });
    expect((await outcome(await api.list(cookie))).status).toBe(403);
  });
});

describe("the user-management page behind the gate", () => {
  it("refuses a page action while locked with the same refusal as every other gated action", async () => {
    const admin = await createUser({ role: "admin" });
    const target = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(admin.user.id);
    const res = await outcome(
      await callRoute(
        usersPage.action,
        makeRequest("/profile/users", {
          cookie,
          form: { intent: "set-active", userId: target.user.id, isActive: "false" },
        }),
      ),
    );
    expect(res).toMatchObject({ status: 403, body: { adminGate: "locked", message: ADMIN_GATE_REQUIRED } });
    expect((await db.user.findUniqueOrThrow({ where: { id: target.user.id } })).isActive).toBe(true);
  });
});

describe("user management through the API", () => {
  it("lists with a case-insensitive search on name or email and a role filter", async () => {
    const { cookie } = await unlockedAdmin();
    const tag = `zq${Date.now()}`;
    await createUser({ name: `Mariam ${tag}`, role: "sales_back" });
    await createUser({ name: "Someone Else", email: `${tag}.road@example.com`, role: "road_sales" });
    const byName = (await outcome(await api.list(cookie, `?search=${tag.toUpperCase()}`))).body as Json[];
    expect(byName.map((u) => u.role).sort()).toEqual(["road_sales", "sales_back"]);
    const filtered = (await outcome(await api.list(cookie, `?search=${tag}&role=road_sales`))).body as Json[];
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatchObject({
      name: "Someone Else",
      authType: "totp",
      isActive: true,
      hasAuthenticator: true,
    });
  });

  it("creates with the spec's defaults and answers validation failures with the spec's messages", async () => {
    const { cookie } = await unlockedAdmin();
    const email = `new.${Date.now()}@example.com`;
    const created = await outcome(
      await api.create(cookie, { name: "  Noor Ali ", email: email.toUpperCase(), department: "" }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: "User has been created and can now log in",
      user: { name: "Noor Ali", email, role: "sales_front", authType: "totp", isActive: true, department: null },
    });

    const blank = await outcome(await api.create(cookie, { name: "", email: "bad" }));
    expect(blank.status).toBe(400);
    expect((blank.body as { details: Json[] }).details).toEqual([
      { path: "name", message: "Name is required" },
      { path: "email", message: "Invalid email address" },
    ]);
    const duplicate = await outcome(await api.create(cookie, { name: "Again", email }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: "A user with this email already exists" });
    const badRole = await outcome(
      await api.create(cookie, { name: "X", email: `x${Date.now()}@example.com`, role: "owner" }),
    );
    expect(badRole.body).toMatchObject({ error: "Invalid input" });
  });

  it("updates, refusing an invalid field, a taken email and an unknown id", async () => {
    const { cookie } = await unlockedAdmin();
    const { user } = await createUser({ role: "sales_front" });
    const { user: other } = await createUser();
    const ok = await outcome(await api.update(cookie, user.id, { role: "sales_back", department: "Gold Souk" }));
    expect(ok.body).toMatchObject({
      message: "User updated successfully",
      user: { role: "sales_back", department: "Gold Souk" },
    });
    expect((await outcome(await api.update(cookie, user.id, { name: "" }))).body).toMatchObject({
      error: "Name is required",
    });
    expect((await outcome(await api.update(cookie, user.id, { email: "nope" }))).body).toMatchObject({
      error: "Invalid email address",
    });
    const taken = await outcome(await api.update(cookie, user.id, { email: other.email }));
    expect(taken.status).toBe(409);
    expect((await outcome(await api.update(cookie, "missing", { name: "X" }))).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: "user.updated", targetId: user.id } })).toBe(1);
  });

  it("deletes a user, and answers 404 for one already gone", async () => {
    const { cookie } = await unlockedAdmin();
    const { user } = await createUser();
    const res = await outcome(await api.remove(cookie, user.id));
    expect(res.body).toEqual({ message: "User deleted successfully" });
    expect((await outcome(await api.remove(cookie, user.id))).status).toBe(404);
  });

  it("counts users by role and status", async () => {
    const { cookie } = await unlockedAdmin();
    await createUser({ role: "road_sales", isActive: false });
    const stats = (await outcome(await api.stats(cookie))).body as {
      total: number;
      active: number;
      inactive: number;
      byRole: Record<string, { active: number; inactive: number }>;
    };
    expect(stats.total).toBe(await db.user.count());
    expect(stats.inactive).toBe(await db.user.count({ where: { isActive: false } }));
    expect(stats.byRole.road_sales!.inactive).toBe(
      await db.user.count({ where: { role: "road_sales", isActive: false } }),
    );
    expect(stats.byRole.admin!.active).toBe(await db.user.count({ where: { role: "admin", isActive: true } }));
  });
});

describe("protections", () => {
  beforeEach(async () => {
    // Each case decides how many admins exist.
    await db.user.updateMany({ where: { role: "admin" }, data: { isActive: false } });
  });

  it("stops an admin deleting or deactivating themself", async () => {
    const { user, cookie } = await unlockedAdmin();
    await createUser({ role: "admin" });
    expect((await outcome(await api.remove(cookie, user.id))).body).toEqual({
      error: "You cannot delete your own account",
    });
    expect((await outcome(await api.update(cookie, user.id, { isActive: false }))).body).toEqual({
      error: "You cannot deactivate your own account",
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ isActive: true });
  });

  it("keeps the last active admin an admin, and lets one step down when another remains", async () => {
    const { user, cookie } = await unlockedAdmin();
    const demote = await outcome(await api.update(cookie, user.id, { role: "sales_front" }));
    expect(demote.status).toBe(400);
    expect(demote.body).toEqual({ error: "At least one active administrator must remain" });
    await createUser({ role: "admin" });
    expect((await outcome(await api.update(cookie, user.id, { role: "sales_front" }))).status).toBe(200);
    // Stepped down: the next call is no longer an admin's.
    expect((await outcome(await api.list(cookie))).status).toBe(403);
  });
});

describe("deactivation and deletion end sessions", () => {
  it("signs a deactivated user out at once", async () => {
    const { cookie } = await unlockedAdmin();
    const { user } = await createUser();
    const theirCookie = await sessionCookieFor(user.id);
    expect(
      (await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie: theirCookie })))).status,
    ).toBe(200);
    await api.update(cookie, user.id, { isActive: false });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(
      (await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie: theirCookie })))).status,
    ).toBe(401);
  });

  it("signs a deleted user out at once", async () => {
    const { cookie } = await unlockedAdmin();
    const { user } = await createUser();
    const theirCookie = await sessionCookieFor(user.id);
    await api.remove(cookie, user.id);
    expect(
      (await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie: theirCookie })))).status,
    ).toBe(401);
  });
});

describe("admin-generated one-time codes", () => {
  const signIn = (email: string, token: string) =>
    callRoute(login.action, makeRequest("/login", { form: { intent: "code", email, token } }));

  it("signs an otp user in once, not twice, and sends them to link an authenticator", async () => {
    const { cookie } = await unlockedAdmin();
    const { user } = await createUser({ authType: "otp" });
    const issued = await outcome(await api.generateOtp(cookie, user.id));
    const { otp, expiresAt } = issued.body as { otp: string; expiresAt: string };
    expect(otp).toMatch(/^\d{6}$/);
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    const stored = await db.oneTimeCode.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.codeHash).not.toContain(otp);

    const first = await outcome(await signIn(user.email, otp));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/account/authenticator");
    expect((await outcome(await signIn(user.email, otp))).status).toBe(401);
  });

  it("does not sign in after expiry, and a new code withdraws the unused earlier one", async () => {
    const { cookie } = await unlockedAdmin();
    const { user } = await createUser({ authType: "otp" });
    const old = ((await outcome(await api.generateOtp(cookie, user.id))).body as { otp: string }).otp;
    const current = ((await outcome(await api.generateOtp(cookie, user.id))).body as { otp: string }).otp;
    if (old !== current) expect((await outcome(await signIn(user.email, old))).status).toBe(401);
    await db.oneTimeCode.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await outcome(await signIn(user.email, current))).status).toBe(401);
  });

  it("issues codes only to active otp users", async () => {
    const { cookie } = await unlockedAdmin();
    const { user: totpUser } = await createUser();
    const { user: inactive } = await createUser({ authType: "otp", isActive: false });
    expect((await outcome(await api.generateOtp(cookie, totpUser.id))).status).toBe(400);
    expect((await outcome(await api.generateOtp(cookie, inactive.id))).status).toBe(400);
    expect((await outcome(await api.generateOtp(cookie, "missing"))).status).toBe(404);
  });
});

describe("authenticator setup", () => {
  const setup = (cookie: string, json: unknown = { phoneNumber: "0000" }) =>
    callRoute(totpSetup.action, makeRequest("/api/auth/totp/setup", { cookie, json }));
  const verifySetup = (cookie: string, json: unknown) =>
    callRoute(totpVerifySetup.action, makeRequest("/api/auth/totp/verify-setup", { cookie, json }));
  const signIn = (email: string, token: string) =>
    callRoute(login.action, makeRequest("/login", { form: { intent: "code", email, token } }));

  it("links a device only when its code verifies; a pending device signs nobody in", async () => {
    const { user } = await createUser({ authType: "otp" });
    const cookie = await sessionCookieFor(user.id);
    const started = await outcome(await setup(cookie));
    expect(started.status).toBe(200);
    const body = started.body as {
      isLinked: boolean;
      isAdditionalDevice: boolean;
      message: string;
      note: string;
      qrCodeUrl: string;
      secret: string;
    };
    expect(body).toMatchObject({
      isLinked: false,
      isAdditionalDevice: false,
      message: expect.any(String),
      note: expect.any(String),
    });
    expect(body.qrCodeUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCodeUrl.split(",")[1]!, "base64").toString()).toContain("<svg");

    const now = Date.now();
    const code = totpCode(body.secret, new Date(now));
    // The pending device is not a way in.
    expect((await outcome(await signIn(user.email, code))).status).toBe(401);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await outcome(await verifySetup(cookie, { phoneNumber: "0000", token: wrong }));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "Invalid setup code" });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: { not: null } } })).toBe(0);

    const linked = await outcome(await verifySetup(cookie, { phoneNumber: "0000", token: code }));
    expect(linked.status).toBe(200);
    // The app's name for the device, stored as a number, is said in English as before.
    expect(linked.body).toEqual({
      isLinked: true,
      message: "New device has been added successfully",
      label: "Authenticator 1",
    });
    const device = await db.authenticatorDevice.findFirstOrThrow({ where: { userId: user.id } });
    expect(device.verifiedAt).not.toBeNull();
    expect(openDeviceSecret(user.id, device.secretEncrypted)).toBe(body.secret);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ authType: "totp" });
    // The confirming code is spent; the next step's code signs in.
    expect((await outcome(await signIn(user.email, code))).status).toBe(401);
    expect((await outcome(await signIn(user.email, totpCode(body.secret, new Date(now + 30_000))))).status).toBe(302);
  });

  it("answers 'already linked' without a QR, and needs a current code for an additional device", async () => {
    const { user, code } = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(user.id);
    const linked = await outcome(await setup(cookie));
    expect(linked.body).toMatchObject({ isLinked: true, isAdditionalDevice: false, qrCodeUrl: null });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: null } })).toBe(0);

    expect((await outcome(await setup(cookie, { additionalDevice: true }))).status).toBe(400);
    const additional = await outcome(await setup(cookie, { additionalDevice: true, token: code() }));
    expect(additional.body).toMatchObject({
      isLinked: true,
      isAdditionalDevice: true,
      qrCodeUrl: expect.stringMatching(/^data:image/),
    });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id } })).toBe(2);
  });

  it("lets an unlocked admin set up a colleague's device, and nobody else", async () => {
    const { user: colleague } = await createUser({ authType: "otp" });
    const { user: staff } = await createUser();
    const staffCookie = await sessionCookieFor(staff.id);
    expect((await outcome(await setup(staffCookie, { userId: colleague.id }))).status).toBe(403);
    const { user: lockedAdmin } = await createUser({ role: "admin" });
    expect((await outcome(await setup(await sessionCookieFor(lockedAdmin.id), { userId: colleague.id }))).status).toBe(
      403,
    );

    const { cookie } = await unlockedAdmin();
    const started = (await outcome(await setup(cookie, { userId: colleague.id }))).body as { secret: string };
    const res = await outcome(await verifySetup(cookie, { userId: colleague.id, token: totpCode(started.secret) }));
    expect(res.status).toBe(200);
    expect(await db.authenticatorDevice.count({ where: { userId: colleague.id, verifiedAt: { not: null } } })).toBe(1);
  });
});
