import { describe, expect, it } from "vitest";
import * as consent from "~/routes/_app.customers_.$id.consent";
import * as users from "~/routes/_app.profile.users";
import * as language from "~/routes/language";
import * as login from "~/routes/login";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

/**
 * Return paths taken from input that would leave the site through React Router 6's backslash open
 * redirect (advisory GHSA-wrjc-x8rr-h8h6) or a browser's reading of "//" (issue #43, item 9).
 */
const HOSTILE = [
  "/\\evil.example",
  "\\evil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%2F%2Fevil.example",
  "/%2fevil.example",
  "/%255Cevil.example",
] as const;

describe("no navigation target built from input leaves the site (issue #43, item 9)", () => {
  it.each(HOSTILE)("signs in to the home page, not to %j", async (target) => {
    const { user, code } = await createUser({ role: "admin" });
    const res = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", { form: { intent: "code", email: user.email, token: code(), redirectTo: target } }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("follows a same-site redirectTo after sign-in", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const res = await outcome(
      await callRoute(
        login.action,
        makeRequest("/login", {
          form: { intent: "code", email: user.email, token: code(), redirectTo: "/customers?tier=Gold" },
        }),
      ),
    );
    expect(res.headers.get("Location")).toBe("/customers?tier=Gold");
  });

  it.each(HOSTILE)("does not carry %j into the sign-in form", async (target) => {
    const res = await outcome(
      await callRoute(login.loader, makeRequest(`/login?redirectTo=${encodeURIComponent(target)}`)),
    );
    expect((res.body as { redirectTo: string | null }).redirectTo).toBeNull();
  });

  it.each(HOSTILE)("switches the language and goes home, not to %j", async (target) => {
    const res = await outcome(
      await callRoute(language.action, makeRequest("/language", { form: { lng: "ar", redirectTo: target } })),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it.each(HOSTILE)("returns a client form to the client, not to %j", async (target) => {
    const { user } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const res = await outcome(
      await callRoute(
        consent.action,
        makeRequest("/customers/1/consent", { cookie, form: { channel: "", redirectTo: target } }),
        { id: "1" },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/customers/1");
  });

  it.each([
    "/profile/users/../../%5Cevil.example",
    "/profile/users/../..//evil.example",
    "/profile/users/..%2F..%2F%5Cevil.example",
  ])("opens user management at its own page after the gate, not at %j", async (target) => {
    const admin = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.user.id);
    const res = await outcome(
      await callRoute(
        users.action,
        makeRequest("/profile/users", { cookie, form: { intent: "unlock", token: admin.code(), next: target } }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/profile/users");
  });
});
