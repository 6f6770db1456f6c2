// A slow or broken connection may deliver only some of the JavaScript, or deliver it late. Until
// the app hydrates, every page must work as plain HTML forms, and a form posted before hydration
// must not be posted again once the scripts arrive.
import type { Page, Route } from "@playwright/test";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";
import { db, expect, signInContext, test, totpCode, waitForHydration } from "../support/e2e/fixtures";

const { createStaff } = await import("../support/e2e/fixtures");

const run = `Hl${Date.now().toString(36)}`;

/** Lets through the first `allowed` JavaScript files of each page load and fails the rest. */
async function blockScriptsAfter(page: Page, allowed: number) {
  const seen = { loaded: 0, blocked: 0 };
  let loaded = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loaded = 0;
  });
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (loaded++ < allowed) {
      seen.loaded += 1;
      return route.continue();
    }
    seen.blocked += 1;
    return route.abort();
  });
  return seen;
}

/** Delivers every JavaScript file `ms` late: a slow connection, the subject of these tests. */
async function delayScripts(page: Page, ms: number) {
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have moved on meanwhile, cancelling the request.
    await route.continue().catch(() => undefined);
  });
}

/**
 * Holds every JavaScript file back while the gate is shut, and delivers what it held when it opens:
 * scripts that arrive exactly when the test says, after the forms it wants filled in without them.
 */
async function scriptGate(page: Page) {
  let release = () => {};
  let opened = Promise.resolve();
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    await opened;
    // The page may have moved on meanwhile, cancelling the request.
    await route.continue().catch(() => undefined);
  });
  return {
    shut: () => {
      opened = new Promise<void>((resolve) => (release = resolve));
    },
    open: () => release(),
  };
}

/** Navigation without waiting for the load event, which late scripts hold back. */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: "commit" });

async function signIn(page: Page) {
  const { user, secret } = await createStaff("admin", `${run} Admin ${uniqueDigits()}`);
  await open(page, "/login?change=1");
  await page.getByLabel("Work email").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Digit 1")).toBeVisible();
  for (const [i, digit] of [...totpCode(secret)].entries()) await page.getByLabel(`Digit ${i + 1}`).fill(digit);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("sidebar-user")).toContainText(user.name);
  return user;
}

async function searchClients(page: Page, name: string) {
  await open(page, "/customer-history");
  await page.getByLabel("Search", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/customer-history\?search=/);
  await expect(page.getByTestId("customer-table").locator("tbody tr").filter({ hasText: name })).toHaveCount(1);
}

async function createClient(page: Page, name: string) {
  await open(page, "/customers/new");
  await page.getByLabel("Full name *").fill(name);
  await page.getByLabel("Mobile number *").fill(nextMobile());
  await page.getByLabel("Team *").selectOption("team_b");
  await page.getByRole("button", { name: "Create Client" }).click();
  await expect(page.getByText("Client Added").first()).toBeVisible();
}

async function importClient(page: Page, name: string) {
  await open(page, "/import-data");
  const csv = `Full Name,Mobile Number,Team\r\n${name},${nextMobile()},Team A\r\n`;
  await page.locator("#client-file").setInputFiles({ name: "one.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import Clients" }).click();
  await expect(page.getByTestId("client-result").getByTestId("imported-count")).toHaveText("1");
}

async function addUser(page: Page, adminId: string, name: string) {
  // The admin gate has its own tests; here the session has passed it.
  await db.session.updateMany({
    where: { userId: adminId },
    data: { adminUnlockedUntil: new Date(Date.now() + 15 * 60_000) },
  });
  await open(page, "/profile/users/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@jewel.test`);
  await page.getByLabel("Admin Generated OTP").check();
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByRole("status")).toContainText("User Created Successfully");
}

/** The scripts never took over: the flows ran as plain HTML forms. */
async function notHydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
}

async function everyFlow(page: Page, tag: string) {
  const admin = await signIn(page);
  await createClient(page, `${run} ${tag} Created`);
  await searchClients(page, `${run} ${tag} Created`);
  await importClient(page, `${run} ${tag} Imported`);
  await addUser(page, admin.id, `${run} ${tag} Staff`);
  expect(await db.client.count({ where: { fullName: `${run} ${tag} Created` } })).toBe(1);
  expect(await db.client.count({ where: { fullName: `${run} ${tag} Imported` } })).toBe(1);
  expect(await db.user.count({ where: { name: `${run} ${tag} Staff` } })).toBe(1);
}

test.describe("pages with only some of their JavaScript", () => {
  // Four whole flows, each a few full page loads: 15 to 19 s here, and one run on a loaded machine
  // passed the default 30 s.
  test.describe.configure({ timeout: 60_000 });
  for (const allowed of [0, 1, 3]) {
    test(`with all but the first ${allowed} script files failing, every form still works`, async ({ page }) => {
      const seen = await blockScriptsAfter(page, allowed);
      await everyFlow(page, `Block${allowed}`);
      await notHydrated(page);
      expect(seen.blocked).toBeGreaterThan(0);
      if (allowed > 0) expect(seen.loaded).toBeGreaterThan(0);
    });
  }
});

test.describe("pages whose JavaScript arrives late", () => {
  test.describe.configure({ timeout: 60_000 });
  test("every form works before the scripts arrive, and the page takes over once they do", async ({ page }) => {
    const scripts = await scriptGate(page);
    scripts.shut();
    await everyFlow(page, "Late");
    await notHydrated(page);
    scripts.open();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
  });

  test("a client created before hydration is created once, and the scripts arriving afterwards do not post it again", async ({
    page,
    context,
  }) => {
    const { user } = await createStaff("sales_front");
    await signInContext(context, user.id);
    await delayScripts(page, 3_000);
    // A slow post: the scripts of the page it came from are delivered while it is on its way.
    await page.route(/\/customers\/new/, async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    const name = `${run} Once`;
    const mobile = nextMobile();
    await open(page, "/customers/new");
    await page.getByLabel("Full name *").fill(name);
    await page.getByLabel("Mobile number *").fill(`0${mobile.slice(3)}`);
    await page.getByLabel("Team *").selectOption("team_a");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(page.getByText("Client Added").first()).toBeVisible({ timeout: 15_000 });
    // The page the post led to hydrates too; anything that would post again does so as it hydrates, and
    // the network falls quiet only once such a post (held 4 s like the first) has been answered.
    await waitForHydration(page, { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    expect(posts).toEqual(["/customers/new"]);
    expect(await db.client.count({ where: { mobileNumber: mobile } })).toBe(1);
    expect(await db.client.count({ where: { fullName: name } })).toBe(1);
  });

  test("forms filled in before hydration are submitted as filled in once it happens", async ({ page }) => {
    const { user, secret } = await createStaff("admin", `${run} Early Typist`);
    const scripts = await scriptGate(page);
    scripts.shut();
    await open(page, "/login?change=1");
    await page.getByLabel("Work email").fill(user.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("Digit 1")).toBeVisible();
    for (const [i, digit] of [...totpCode(secret)].entries()) await page.getByLabel(`Digit ${i + 1}`).fill(digit);
    await notHydrated(page);
    scripts.open();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const name = `${run} Early Client`;
    scripts.shut();
    await open(page, "/customers/new");
    await page.getByLabel("Full name *").fill(name);
    await page.getByLabel("Mobile number *").fill(nextMobile());
    await page.getByLabel("Team *").selectOption("team_c");
    await notHydrated(page);
    scripts.open();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(page.getByText("Client Added").first()).toBeVisible();
    expect(await db.client.count({ where: { fullName: name, team: "team_c" } })).toBe(1);
  });
});
