import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as editUser from "~/routes/_app.profile.users.$userId.edit";
import * as newUser from "~/routes/_app.profile.users.new";
import * as apiVerifyPhone from "~/routes/api.auth.totp.verify-login";
import * as usersApi from "~/routes/api.users";
import * as userApi from "~/routes/api.users.$id";
import { callRoute, createUser, makeRequest, outcome } from "../support/factories";
import { unlockedAdmin } from "../support/admin-gate";

// Phone sign-in (POST /api/auth/totp/verify-login) needs a phone on the account: the user form
// and /api/users keep one, stored like client mobiles and unique.

const signInByPhone = async (phoneNumber: string, token: string) =>
  outcome(
    await callRoute(
      apiVerifyPhone.action,
      makeRequest("/api/auth/totp/verify-login", { json: { phoneNumber, token } }),
    ),
  );

describe("a staff member's phone", () => {
  it("is set through /api/users, normalised, unique, and then signs them in by phone", async () => {
    const { cookie } = await unlockedAdmin();
    const created = await outcome(
      await callRoute(
        usersApi.action,
        makeRequest("/api/users", {
          cookie,
          json: { name: "Phone Person", email: `phone-${Date.now()}@example.com`, phone: "050 765 4321" },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const user = (created.body as { user: { id: string; phone: string } }).user;
    expect(user.phone).toBe("971507654321");

    const taken = await outcome(
      await callRoute(
        usersApi.action,
        makeRequest("/api/users", {
          cookie,
          json: { name: "Other", email: `other-${Date.now()}@example.com`, phone: "+971 50 765 4321" },
        }),
      ),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: "This mobile number is already used by another user" });

    const invalid = await outcome(
      await callRoute(
        userApi.action,
        makeRequest(`/api/users/${user.id}`, { cookie, method: "PUT", json: { phone: "12ab" } }),
        { id: user.id },
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "Enter a valid mobile number (9 to 15 digits)" });

    // A colleague with an authenticator and a phone set by the admin signs in through the phone route.
    const colleague = await createUser();
    const put = await outcome(
      await callRoute(
        userApi.action,
        makeRequest(`/api/users/${colleague.user.id}`, { cookie, method: "PUT", json: { phone: "0501112299" } }),
        { id: colleague.user.id },
      ),
    );
    expect(put.status).toBe(200);
    const signedIn = await signInByPhone("+971 50 111 2299", colleague.code());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { id: colleague.user.id } });
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("crm_session="))).toBe(true);

    // The audit says the phone changed, never the number.
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "user.updated", targetId: colleague.user.id },
    });
    expect(audit.details).not.toContain("0501112299");
    expect(audit.details).not.toContain("971501112299");
  });

  it("is set and cleared from the Add User and Edit User forms, with the message when taken", async () => {
    const { cookie } = await unlockedAdmin();
    const email = `form-phone-${Date.now()}@example.com`;
    const created = await outcome(
      await callRoute(
        newUser.action,
        makeRequest("/profile/users/new", {
          cookie,
          form: { name: "Form Phone", email, role: "sales_front", authType: "totp", phone: "+971 55 000 1234" },
        }),
      ),
    );
    expect(created.status).toBe(302);
    const stored = await db.user.findUniqueOrThrow({ where: { email } });
    expect(stored.phone).toBe("971550001234");

    const other = await createUser();
    const taken = await outcome(
      await callRoute(
        editUser.action,
        makeRequest(`/profile/users/${other.user.id}/edit`, {
          cookie,
          form: { name: other.user.name, email: other.user.email, role: "sales_front", phone: "0550001234" },
        }),
        { userId: other.user.id },
      ),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      result: { error: { phone: ["This mobile number is already used by another user"] } },
    });

    const cleared = await outcome(
      await callRoute(
        editUser.action,
        makeRequest(`/profile/users/${stored.id}/edit`, {
          cookie,
          form: { name: "Form Phone", email, role: "sales_front", isActive: "on" },
        }),
        { userId: stored.id },
      ),
    );
    expect(cleared.status).toBe(302);
    expect((await db.user.findUniqueOrThrow({ where: { id: stored.id } })).phone).toBeNull();
  });

  it("refuses a wrong code by phone with 401 and an unknown phone the same way", async () => {
    const { code } = await createUser({ phone: "971509998877" });
    const wrong = code() === "000000" ? "111111" : "000000";
    const known = await signInByPhone("0509998877", wrong);
    const unknown = await signInByPhone("0509998800", wrong);
    expect(known.status).toBe(401);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
  });
});
