import { describe, expect, it } from "vitest";
import { totpCode } from "~/auth/totp.server";
import { db } from "~/db/db.server";
import * as account from "~/routes/_app.account.authenticator";
import * as profile from "~/routes/_app.profile";
import * as logs from "~/routes/_app.profile_.logs";
import * as security from "~/routes/_app.profile_.security";
import * as users from "~/routes/_app.profile.users";
import * as userAuthenticator from "~/routes/_app.profile.users.$userId.authenticator";
import * as deleteUser from "~/routes/_app.profile.users.$userId.delete";
import * as editUser from "~/routes/_app.profile.users.$userId.edit";
import * as oneTimeCode from "~/routes/_app.profile.users.$userId.one-time-code";
import * as newUser from "~/routes/_app.profile.users.new";
import { readToast } from "~/http/toast.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { unlockedAdmin } from "../support/admin-gate";

type Json = Record<string, unknown>;

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("crm_toast="));
  if (!cookie) return null;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

describe("profile", () => {
  it("shows the admin their own details and whether their authenticator is linked", async () => {
    const { user } = await createUser({ role: "admin", name: "Layla Haddad" });
    const res = await outcome(
      await callRoute(profile.loader, makeRequest("/profile", { cookie: await sessionCookieFor(user.id) })),
    );
    expect(res.body).toMatchObject({
      user: { name: "Layla Haddad", email: user.email, role: "admin" },
      authenticatorLinked: true,
    });
  });
});

describe("the user-management gate (page)", () => {
  it("shows the gate with 403 until the admin's code opens it, then the list and 'Access Granted'", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const locked = await outcome(await callRoute(users.loader, makeRequest("/profile/users?q=x", { cookie })));
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ locked: true, next: "/profile/users?q=x" });

    const wrong = code() === "000000" ? "111111" : "000000";
    const refused = await outcome(
      await callRoute(
        users.action,
        makeRequest("/profile/users", { cookie, form: { intent: "unlock", token: wrong, next: "/profile/users" } }),
      ),
    );
    expect(refused.status).toBe(401);
    expect((refused.body as Json).error).toMatch(/Invalid/);

    const opened = await outcome(
      await callRoute(
        users.action,
        makeRequest("/profile/users", {
          cookie,
          form: { intent: "unlock", token: code(), next: "/profile/users/new?q=x" },
        }),
      ),
    );
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/profile/users/new?q=x");
    expect(await toastOf(opened.headers)).toMatchObject({
      title: "Access Granted",
      description: "OTP verified successfully",
    });
    const list = await outcome(await callRoute(users.loader, makeRequest("/profile/users", { cookie })));
    expect(list.status).toBe(200);
    expect((list.body as { users: Json[] }).users.map((u) => u.id)).toContain(user.id);
  });

  it("follows only user-management paths after unlocking", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const res = await outcome(
      await callRoute(
        users.action,
        makeRequest("/profile/users", {
          cookie,
          form: { intent: "unlock", token: code(), next: "//evil.example/profile/users" },
        }),
      ),
    );
    expect(res.headers.get("Location")).toBe("/profile/users");
  });

  it("refuses every user-management page action with 403 while locked, and non-admins everywhere", async () => {
    const { user: admin } = await createUser({ role: "admin" });
    const { user: target } = await createUser({ authType: "otp" });
    const params = { userId: target.id };
    const calls = async (cookie: string) =>
      Promise.all(
        [
          callRoute(
            users.action,
            makeRequest("/profile/users", {
              cookie,
              form: { intent: "set-active", userId: target.id, isActive: "false" },
            }),
          ),
          callRoute(
            newUser.action,
            makeRequest("/profile/users/new", { cookie, form: { name: "X", email: "x@example.com" } }),
          ),
          callRoute(
            editUser.action,
            makeRequest(`/profile/users/${target.id}/edit`, {
              cookie,
              form: { name: "X", email: target.email, role: "sales_front" },
            }),
            params,
          ),
          callRoute(deleteUser.action, makeRequest(`/profile/users/${target.id}/delete`, { cookie, form: {} }), params),
          callRoute(
            oneTimeCode.action,
            makeRequest(`/profile/users/${target.id}/one-time-code`, { cookie, form: {} }),
            params,
          ),
          callRoute(
            userAuthenticator.action,
            makeRequest(`/profile/users/${target.id}/authenticator`, { cookie, form: { intent: "start" } }),
            params,
          ),
          callRoute(editUser.loader, makeRequest(`/profile/users/${target.id}/edit`, { cookie }), params),
        ].map(async (p) => (await outcome(await p)).status),
      );
    expect(await calls(await sessionCookieFor(admin.id))).toEqual([403, 403, 403, 403, 403, 403, 403]);
    const { user: staff } = await createUser({ role: "sales_back" });
    expect(await calls(await sessionCookieFor(staff.id))).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      isActive: true,
      name: target.name,
    });
    expect(await db.oneTimeCode.count({ where: { userId: target.id } })).toBe(0);
  });
});

describe("user forms (page actions)", () => {
  it("answers Add User with field errors, a duplicate email, then creates and goes back to the filtered list", async () => {
    const { cookie } = await unlockedAdmin("form");
    const blank = await outcome(
      await callRoute(
        newUser.action,
        makeRequest("/profile/users/new", {
          cookie,
          form: { name: "", email: "nope", role: "sales_front", authType: "totp" },
        }),
      ),
    );
    expect(blank.status).toBe(400);
    // The reply carries the schema's message codes; the form says them in the page's language.
    expect((blank.body as { result: { error: Json } }).result.error).toEqual({
      name: ["users:form.errors.nameRequired"],
      email: ["users:form.errors.invalidEmail"],
    });

    const email = `amal.${Date.now()}@example.com`;
    const created = await outcome(
      await callRoute(
        newUser.action,
        makeRequest("/profile/users/new?q=amal", {
          cookie,
          form: { name: "Amal", email, role: "road_sales", authType: "otp", department: "Souk", isActive: "on" },
        }),
      ),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/profile/users?q=amal");
    expect(await toastOf(created.headers)).toMatchObject({ type: "success", title: "User Created Successfully" });
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({
      role: "road_sales",
      authType: "otp",
      department: "Souk",
      isActive: true,
    });

    const duplicate = await outcome(
      await callRoute(
        newUser.action,
        makeRequest("/profile/users/new", {
          cookie,
          form: { name: "Amal", email, role: "sales_front", authType: "totp" },
        }),
      ),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      error: "A user with this email already exists",
      result: { error: { email: ["A user with this email already exists"] } },
    });
  });

  it("Edit User with the Active box unticked deactivates, clears the department and signs them out", async () => {
    const { cookie } = await unlockedAdmin("form");
    const { user } = await createUser({ role: "sales_front" });
    await db.user.update({ where: { id: user.id }, data: { department: "Old" } });
    await sessionCookieFor(user.id);
    const res = await outcome(
      await callRoute(
        editUser.action,
        makeRequest(`/profile/users/${user.id}/edit`, {
          cookie,
          form: { name: "Renamed", email: user.email, role: "sales_back" },
        }),
        { userId: user.id },
      ),
    );
    expect(await toastOf(res.headers)).toMatchObject({ title: "Success", description: "User updated successfully" });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      name: "Renamed",
      role: "sales_back",
      department: null,
      isActive: false,
    });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses deactivating or deleting yourself from the page with the reason", async () => {
    const { user, cookie } = await unlockedAdmin("form");
    const deactivate = await outcome(
      await callRoute(
        users.action,
        makeRequest("/profile/users", { cookie, form: { intent: "set-active", userId: user.id, isActive: "false" } }),
      ),
    );
    expect(await toastOf(deactivate.headers)).toMatchObject({
      type: "error",
      title: "Error",
      description: "You cannot deactivate your own account",
    });
    const remove = await outcome(
      await callRoute(deleteUser.action, makeRequest(`/profile/users/${user.id}/delete`, { cookie, form: {} }), {
        userId: user.id,
      }),
    );
    expect(remove.status).toBe(400);
    expect(remove.body).toEqual({ error: "You cannot delete your own account" });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ isActive: true });
  });

  it("deletes after the confirmation page, with 'User deleted successfully'", async () => {
    const { cookie } = await unlockedAdmin("form");
    const { user } = await createUser();
    const confirm = await outcome(
      await callRoute(deleteUser.loader, makeRequest(`/profile/users/${user.id}/delete`, { cookie }), {
        userId: user.id,
      }),
    );
    expect(confirm.body).toMatchObject({ user: { id: user.id, name: user.name } });
    const res = await outcome(
      await callRoute(
        deleteUser.action,
        makeRequest(`/profile/users/${user.id}/delete?role=sales_front`, { cookie, form: {} }),
        { userId: user.id },
      ),
    );
    expect(res.headers.get("Location")).toBe("/profile/users?role=sales_front");
    expect(await toastOf(res.headers)).toMatchObject({ title: "Success", description: "User deleted successfully" });
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
  });

  it("shows a generated code in the response only, never cached", async () => {
    const { cookie } = await unlockedAdmin("form");
    const { user } = await createUser({ authType: "otp" });
    const res = await outcome(
      await callRoute(
        oneTimeCode.action,
        makeRequest(`/profile/users/${user.id}/one-time-code`, { cookie, form: {} }),
        { userId: user.id },
      ),
    );
    expect(res.body).toMatchObject({ error: null, otp: expect.stringMatching(/^\d{6}$/), expires: expect.any(String) });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("setting up a colleague's authenticator (page)", () => {
  it("shows the QR after 'Set up authenticator', refuses a wrong code, links with the right one", async () => {
    const { cookie } = await unlockedAdmin("form");
    const { user } = await createUser({ authType: "otp" });
    const params = { userId: user.id };
    const started = await outcome(
      await callRoute(
        userAuthenticator.action,
        makeRequest(`/profile/users/${user.id}/authenticator`, { cookie, form: { intent: "start" } }),
        params,
      ),
    );
    expect(started.headers.get("Location")).toBe(`/profile/users/${user.id}/authenticator`);
    const page = await outcome(
      await callRoute(
        userAuthenticator.loader,
        makeRequest(`/profile/users/${user.id}/authenticator`, { cookie }),
        params,
      ),
    );
    const setup = (page.body as { setup: { qrCodeUrl: string; secret: string } }).setup;
    expect(setup.qrCodeUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const good = totpCode(setup.secret);
    const wrong = await outcome(
      await callRoute(
        userAuthenticator.action,
        makeRequest(`/profile/users/${user.id}/authenticator`, {
          cookie,
          form: { intent: "verify", token: good === "000000" ? "111111" : "000000" },
        }),
        params,
      ),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: "Invalid setup code" });
    const linked = await outcome(
      await callRoute(
        userAuthenticator.action,
        makeRequest(`/profile/users/${user.id}/authenticator`, { cookie, form: { intent: "verify", token: good } }),
        params,
      ),
    );
    expect(await toastOf(linked.headers)).toMatchObject({
      title: "Authenticator Setup Complete",
      description: "New device has been added successfully",
    });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: { not: null } } })).toBe(1);
  });

  it("never adds a second device to a colleague who has one, and hides their pending QR", async () => {
    const { cookie } = await unlockedAdmin("form");
    const { user } = await createUser();
    const params = { userId: user.id };
    const res = await outcome(
      await callRoute(
        userAuthenticator.action,
        makeRequest(`/profile/users/${user.id}/authenticator`, { cookie, form: { intent: "start", additional: "1" } }),
        params,
      ),
    );
    expect(await toastOf(res.headers)).toMatchObject({ title: "Device Linked Successfully" });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id } })).toBe(1);
    await db.authenticatorDevice.create({
      data: { userId: user.id, label: "Their own pending", secretEncrypted: "v1.x.y.z" },
    });
    const page = await outcome(
      await callRoute(
        userAuthenticator.loader,
        makeRequest(`/profile/users/${user.id}/authenticator`, { cookie }),
        params,
      ),
    );
    expect((page.body as Json).setup).toBeNull();
  });

  it("adds another device of the admin's own with 'Additional Device Setup'", async () => {
    const { user, cookie } = await unlockedAdmin("form");
    const params = { userId: user.id };
    const res = await outcome(
      await callRoute(
        userAuthenticator.action,
        makeRequest(`/profile/users/${user.id}/authenticator`, { cookie, form: { intent: "start", additional: "1" } }),
        params,
      ),
    );
    expect(res.headers.get("Location")).toBe(`/profile/users/${user.id}/authenticator`);
    expect(await toastOf(res.headers)).toMatchObject({ title: "Additional Device Setup" });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: null } })).toBe(1);
  });
});

describe("/account/authenticator", () => {
  it("lets any signed-in user link their first authenticator", async () => {
    const { user } = await createUser({ role: "road_sales", authType: "otp" });
    const cookie = await sessionCookieFor(user.id);
    const before = await outcome(await callRoute(account.loader, makeRequest("/account/authenticator", { cookie })));
    expect(before.body).toMatchObject({ devices: [], setup: null, home: "/customers" });
    await callRoute(account.action, makeRequest("/account/authenticator", { cookie, form: { intent: "start" } }));
    const setup = (
      (await outcome(await callRoute(account.loader, makeRequest("/account/authenticator", { cookie })))).body as {
        setup: { secret: string; isAdditionalDevice: boolean };
      }
    ).setup;
    expect(setup.isAdditionalDevice).toBe(false);
    const done = await outcome(
      await callRoute(
        account.action,
        makeRequest("/account/authenticator", { cookie, form: { intent: "verify", token: totpCode(setup.secret) } }),
      ),
    );
    expect(done.headers.get("Location")).toBe("/customers");
    expect(await toastOf(done.headers)).toMatchObject({ title: "Authenticator Setup Complete" });
    const after = (await outcome(await callRoute(account.loader, makeRequest("/account/authenticator", { cookie }))))
      .body as { devices: Json[] };
    expect(after.devices).toHaveLength(1);
  });

  it("needs a code from the current device before adding another", async () => {
    const { user, code } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const already = await outcome(
      await callRoute(account.action, makeRequest("/account/authenticator", { cookie, form: { intent: "start" } })),
    );
    expect(await toastOf(already.headers)).toMatchObject({ title: "Device Linked Successfully" });
    const refused = await outcome(
      await callRoute(
        account.action,
        makeRequest("/account/authenticator", { cookie, form: { intent: "add-another", currentCode: "" } }),
      ),
    );
    expect(refused.status).toBe(400);
    expect(await db.authenticatorDevice.count({ where: { userId: user.id } })).toBe(1);
    const ok = await outcome(
      await callRoute(
        account.action,
        makeRequest("/account/authenticator", { cookie, form: { intent: "add-another", currentCode: code() } }),
      ),
    );
    expect(await toastOf(ok.headers)).toMatchObject({ title: "Additional Device Setup" });
    expect(await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: null } })).toBe(1);
  });
});

describe("System Logs", () => {
  it("pages the audit log, filtered by action and by who acted; admin only", async () => {
    const { user: admin, cookie } = await unlockedAdmin("form");
    const { user: staff } = await createUser({ role: "sales_front" });
    for (let i = 0; i < 55; i++)
      await db.auditLog.create({
        data: {
          actorId: staff.id,
          actorName: staff.name,
          action: "import.run",
          details: JSON.stringify({ imported: i }),
        },
      });
    await callRoute(
      newUser.action,
      makeRequest("/profile/users/new", {
        cookie,
        form: { name: "Logged", email: `logged.${Date.now()}@example.com`, role: "sales_front", authType: "totp" },
      }),
    );

    type Page = {
      entries: { action: string; actorName: string; about: unknown; details: string | null }[];
      totalCount: number;
      totalPages: number;
      page: number;
    };
    const get = async (query: string) =>
      (await outcome(await callRoute(logs.loader, makeRequest(`/profile/logs${query}`, { cookie })))).body as Page;

    const imports = await get(`?action=import.run&user=${staff.id}`);
    expect(imports.totalCount).toBe(55);
    expect(imports.totalPages).toBe(2);
    expect(imports.entries).toHaveLength(50);
    expect(imports.entries[0]).toMatchObject({
      action: "import.run",
      actorName: staff.name,
      details: "imported: 54",
    });
    expect((await get(`?action=import.run&user=${staff.id}&page=2`)).entries).toHaveLength(5);

    const created = await get(`?action=user.created&user=${admin.id}`);
    expect(created.entries).toHaveLength(1);
    expect(created.entries[0]).toMatchObject({ action: "user.created", about: { kind: "user", name: "Logged" } });
    expect((await get("?action=auth.admin_gate_unlocked")).entries.some((e) => e.actorName === admin.name)).toBe(true);

    const denied = await outcome(
      await callRoute(logs.loader, makeRequest("/profile/logs", { cookie: await sessionCookieFor(staff.id) })),
    );
    expect(denied.status).toBe(403);
  });
});

describe("Security Settings", () => {
  it("lists the admin's devices and sessions, and 'Sign out everywhere' ends them all", async () => {
    const { user } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    await sessionCookieFor(user.id);
    const page = (await outcome(await callRoute(security.loader, makeRequest("/profile/security", { cookie }))))
      .body as { devices: Json[]; sessions: { current: boolean }[] };
    expect(page.devices).toHaveLength(1);
    expect(page.sessions).toHaveLength(2);
    expect(page.sessions.filter((s) => s.current)).toHaveLength(1);

    const res = await outcome(await callRoute(security.action, makeRequest("/profile/security", { cookie, form: {} })));
    expect(res.headers.get("Location")).toBe("/login");
    expect(await toastOf(res.headers)).toMatchObject({ title: "Signed out everywhere" });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
