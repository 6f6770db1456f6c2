import { expect } from "vitest";
import * as users from "~/routes/_app.profile.users";
import * as verifyTotp from "~/routes/api.auth.verify-totp";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "./factories";

/**
 * An admin with a session and user management unlocked, the way the dialog does it: by its API call
 * (with JavaScript) or by posting its own form (without).
 */
export async function unlockedAdmin(via: "api" | "form" = "api") {
  const admin = await createUser({ role: "admin" });
  const cookie = await sessionCookieFor(admin.user.id);
  const token = admin.code();
  const res = await outcome(
    via === "api"
      ? await callRoute(
          verifyTotp.action,
          makeRequest("/api/auth/verify-totp", { cookie, json: { email: admin.user.email, token } }),
        )
      : await callRoute(
          users.action,
          makeRequest("/profile/users", { cookie, form: { intent: "unlock", token, next: "/profile/users" } }),
        ),
  );
  expect(res.status).toBe(via === "api" ? 200 : 302);
  return { ...admin, cookie };
}
