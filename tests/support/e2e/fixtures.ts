import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type { Language } from "~/domain/languages";
import { E2E_ENV, E2E_PORT } from "./env";
import { nextMobile, uniqueDigits } from "./unique-values";

// The e2e helpers talk to the same database file as the server under test, through the app's own
// services, so a test starts signed in without spending an authenticator code. Assigned, not
// defaulted: the server's settings are these, whatever the environment Playwright's worker inherited.
for (const [key, value] of Object.entries(E2E_ENV)) process.env[key] = value;

const { db } = await import("~/db/db.server");
const { createUserSession } = await import("~/auth/session.server");
const { linkOperatorDevice } = await import("~/services/authenticators.server");
const { generateTotpSecret, totpCode } = await import("~/auth/totp.server");
const { createClient } = await import("~/services/client-writes.server");

export { db, totpCode };

type Role = "admin" | "sales_front" | "sales_back" | "road_sales";

let seq = 0;

/**
 * A staff user with a linked authenticator; the secret lets a test compute codes. `language` is the
 * language they chose (the top bar's switch saves it on the user): every page then opens in it.
 */
export async function createStaff(role: Role, name?: string, { language }: { language?: Language } = {}) {
  seq += 1;
  const secret = generateTotpSecret();
  const user = await db.user.create({
    data: {
      // Unique across worker processes: Playwright starts a new one (seq from 0) after a failure.
      name: name ?? `${role.replace("_", " ")} tester ${seq}-${process.pid}`,
      email: `${role}.${seq}.${Date.now()}@jewel.test`,
      role,
      language,
    },
  });
  // The sealed secret is bound to its owner's id, so the device is added once the user has one.
  await linkOperatorDevice(user.id, secret, { label: "Test phone" });
  return { user, secret };
}

/** Puts a fresh session cookie for the user into the browser context. */
export async function signInContext(context: BrowserContext, userId: string) {
  const setCookie = await createUserSession(userId, new Request(`http://127.0.0.1:${E2E_PORT}/login`));
  const [pair] = setCookie.split(";");
  const [name, ...rest] = pair!.split("=");
  await context.addCookies([
    { name: name!, value: rest.join("="), domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
  ]);
}

/** Signs in as a new user of the role (and language, see createStaff) and returns it. */
export async function signInAs(
  context: BrowserContext,
  role: Role,
  name?: string,
  options?: Parameters<typeof createStaff>[2],
) {
  const staff = await createStaff(role, name, options);
  await signInContext(context, staff.user.id);
  return staff;
}

/**
 * Signs in as a new staff member who chose Arabic: every page opens in Arabic, whatever the browser
 * asks for. The default name is Arabic too, so the top bar shows no Latin letters of its own.
 */
export function arabicStaff(context: BrowserContext, role: Role, name = `مريم الشامسي ${uniqueDigits()}`) {
  return signInAs(context, role, name, { language: "ar" });
}

/** A client added through the app's own service, as the actor (team A and a fresh mobile unless given). */
export async function addClient(actor: { id: string; name: string }, fields: Record<string, unknown>) {
  const result = await createClient({ team: "team_a", mobileNumber: nextMobile(), ...fields }, { actor });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.client;
}

/** The rows of the client book's table (the desktop layout). */
export const clientRows = (page: Page) => page.getByTestId("customer-table").locator("tbody tr");

/** The document is Arabic and laid out right to left. */
export async function expectArabicDocument(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

/**
 * Waits until React has hydrated (the root sets data-hydrated), before clicking in JS tests. A page
 * as heavy as the client book's 500 rows may need more than the default on a loaded CI machine.
 */
export async function waitForHydration(page: Page, options: { timeout?: number } = {}) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached(options);
}

/**
 * Presses Escape in an open dialog. A dialog is painted before it takes the key: Radix listens for
 * Escape on the top layer only, and each layer learns which one is on top in a render of its own
 * after the new one mounted, the render that also gives it its inline pointer-events (auto on top,
 * none beneath). Until the dialog beneath has had that render, the key reaches it too
 * (app/components/route-dialog.tsx stacks them), so this waits for both.
 */
export async function pressEscapeIn(dialog: Locator) {
  await expect(dialog).toHaveAttribute("style", /pointer-events: auto/);
  await expect(dialog.page().locator('[role="dialog"][style*="pointer-events: auto"]')).toHaveCount(1);
  await dialog.page().keyboard.press("Escape");
}

export const test = base;
export { expect };
