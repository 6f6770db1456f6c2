import { expect } from "vitest";
import * as users from "~/routes/_app.profile.users";
import * as verifyTotp from "~/routes/api.auth.verify-totp";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "./factories";

/** An admin with a session and user management unlocked the way the dialog's API call does it. */
export async function unlockedAdmin() {
  const admin = await createUser({ role: "admin" });
  const cookie = await sessionCookieFor(admin.user.id);
  const res = await outcome(
    await callRoute(
      verifyTotp.action,
      makeRequest("/api/auth/verify-totp", { cookie, json: { email: admin.user.email, token: admin.code() } }),
    ),
  );
  expect(res.status).toBe(200);
  return { ...admin, cookie };
}

/** An admin whose session opened the gate through the dialog's own form (works without JavaScript). */
export async function unlockedAdminByForm() {
  const admin = await createUser({ role: "admin" });
  const cookie = await sessionCookieFor(admin.user.id);
  const res = await outcome(
    await callRoute(
      users.action,
      makeRequest("/profile/users", {
        cookie,
        form: { intent: "unlock", token: admin.code(), next: "/profile/users" },
      }),
    ),
  );
  expect(res.status).toBe(302);
  return { ...admin, cookie };
}
