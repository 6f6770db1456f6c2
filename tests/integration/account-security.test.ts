import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as accountSecurity from "~/routes/_app.account.security";
import * as editUser from "~/routes/_app.profile.users.$userId.edit";
import * as apiMe from "~/routes/api.auth.me";
import * as userApi from "~/routes/api.users.$id";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { unlockedAdmin } from "../support/admin-gate";

// Every user sees their own devices and sessions and can sign out elsewhere; an admin can remove
// a colleague's lost authenticator and switch how they sign in.

type Page = { devices: { id: string }[]; sessions: { id: string; current: boolean }[] };

const me = async (cookie: string) =>
  (await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie })))).status;

/** A new session for the user, with its cookie and the id of its row. */
async function newSession(userId: string) {
  const before = new Set((await db.session.findMany({ where: { userId }, select: { id: true } })).map((r) => r.id));
  const cookie = await sessionCookieFor(userId);
  const rows = await db.session.findMany({ where: { userId }, select: { id: true } });
  return { cookie, id: rows.find((r) => !before.has(r.id))!.id };
}

describe("/account/security for every role", () => {
  it.each(["sales_front", "sales_back", "road_sales", "admin"] as const)(
    "shows a %s their own devices and sessions",
    async (role) => {
      const { user } = await createUser({ role });
      const cookie = await sessionCookieFor(user.id);
      await sessionCookieFor(user.id);
      const someoneElse = await createUser();
      await sessionCookieFor(someoneElse.user.id);
      const res = await outcome(await callRoute(accountSecurity.loader, makeRequest("/account/security", { cookie })));
      expect(res.status).toBe(200);
      const page = res.body as Page;
      expect(page.devices).toHaveLength(1);
      expect(page.sessions).toHaveLength(2);
      expect(page.sessions.filter((s) => s.current)).toHaveLength(1);
    },
  );

  it("signs out one other session, then all others, keeping this one; never someone else's", async () => {
    const { user } = await createUser({ role: "road_sales" });
    const cookie = await sessionCookieFor(user.id);
    const { cookie: phone, id: phoneSessionId } = await newSession(user.id);
    const tablet = await sessionCookieFor(user.id);
    const colleague = await createUser();
    const colleagueCookie = await sessionCookieFor(colleague.user.id);
    const page = (await outcome(await callRoute(accountSecurity.loader, makeRequest("/account/security", { cookie }))))
      .body as Page;

    expect(page.sessions.map((s) => s.id)).toContain(phoneSessionId);

    const one = await outcome(
      await callRoute(
        accountSecurity.action,
        makeRequest("/account/security", { cookie, form: { intent: "sign-out-session", sessionId: phoneSessionId } }),
      ),
    );
    expect(one.status).toBe(302);
    expect(one.headers.get("Location")).toBe("/account/security");
    expect(await me(phone)).toBe(401);
    expect(await me(tablet)).toBe(200);

    const colleagueSession = await db.session.findFirstOrThrow({ where: { userId: colleague.user.id } });
    await callRoute(
      accountSecurity.action,
      makeRequest("/account/security", {
        cookie,
        form: { intent: "sign-out-session", sessionId: colleagueSession.id },
      }),
    );
    expect(await me(colleagueCookie)).toBe(200);

    const others = await outcome(
      await callRoute(
        accountSecurity.action,
        makeRequest("/account/security", { cookie, form: { intent: "sign-out-others" } }),
      ),
    );
    expect(others.headers.get("Location")).toBe("/account/security");
    expect(await me(tablet)).toBe(401);
    expect(await me(cookie)).toBe(200);
    expect(await db.auditLog.count({ where: { action: "auth.sign_out", actorId: user.id } })).toBe(2);
  });
});

describe("an admin managing a colleague's sign-in", () => {
  it("removes a lost authenticator (the colleague is signed out everywhere), audited", async () => {
    const { cookie, user: admin } = await unlockedAdmin("form");
    const colleague = await createUser({ role: "sales_front" });
    const colleagueCookie = await sessionCookieFor(colleague.user.id);
    const dialog = (
      await outcome(
        await callRoute(editUser.loader, makeRequest(`/profile/users/${colleague.user.id}/edit`, { cookie }), {
          userId: colleague.user.id,
        }),
      )
    ).body as { devices: { id: string; label: string }[]; authType: string };
    expect(dialog.devices).toHaveLength(1);
    expect(dialog.authType).toBe("totp");

    const res = await outcome(
      await callRoute(
        editUser.action,
        makeRequest(`/profile/users/${colleague.user.id}/edit`, {
          cookie,
          form: { intent: "remove-device", deviceId: dialog.devices[0]!.id },
        }),
        { userId: colleague.user.id },
      ),
    );
    expect(res.status).toBe(302);
    expect(await db.authenticatorDevice.count({ where: { userId: colleague.user.id } })).toBe(0);
    expect(await me(colleagueCookie)).toBe(401);
    expect(
      await db.auditLog.findFirst({
        where: { action: "auth.device_removed", actorId: admin.id, targetId: colleague.user.id },
      }),
    ).not.toBeNull();
  });

  it("switches a colleague between authenticator and admin-generated codes, but not themself", async () => {
    const { cookie, user: admin } = await unlockedAdmin("form");
    const colleague = await createUser({ role: "sales_back" });
    const toOtp = await outcome(
      await callRoute(
        editUser.action,
        makeRequest(`/profile/users/${colleague.user.id}/edit`, {
          cookie,
          form: { intent: "set-auth-type", authType: "otp" },
        }),
        { userId: colleague.user.id },
      ),
    );
    expect(toOtp.status).toBe(302);
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.user.id } })).authType).toBe("otp");
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "user.updated", targetId: colleague.user.id },
    });
    expect(JSON.parse(audit.details!)).toEqual({ authType: "otp" });

    const back = await outcome(
      await callRoute(
        userApi.action,
        makeRequest(`/api/users/${colleague.user.id}`, { cookie, method: "PUT", json: { authType: "totp" } }),
        { id: colleague.user.id },
      ),
    );
    expect(back.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.user.id } })).authType).toBe("totp");

    const self = await outcome(
      await callRoute(
        userApi.action,
        makeRequest(`/api/users/${admin.id}`, { cookie, method: "PUT", json: { authType: "otp" } }),
        { id: admin.id },
      ),
    );
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: "You cannot change your own sign-in method" });
  });

  it("refuses both to non-admins and to an admin before the gate, on the server", async () => {
    const colleague = await createUser();
    const [device] = await db.authenticatorDevice.findMany({ where: { userId: colleague.user.id } });
    const sales = await createUser({ role: "sales_front" });
    const lockedAdmin = await createUser({ role: "admin" });
    for (const actor of [sales.user.id, lockedAdmin.user.id]) {
      const cookie = await sessionCookieFor(actor);
      const forms: Record<string, string>[] = [
        { intent: "remove-device", deviceId: device!.id },
        { intent: "set-auth-type", authType: "otp" },
      ];
      for (const form of forms) {
        const res = await outcome(
          await callRoute(editUser.action, makeRequest(`/profile/users/${colleague.user.id}/edit`, { cookie, form }), {
            userId: colleague.user.id,
          }),
        );
        expect(res.status).toBe(403);
      }
    }
    expect(await db.authenticatorDevice.count({ where: { userId: colleague.user.id } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.user.id } })).authType).toBe("totp");
  });
});
