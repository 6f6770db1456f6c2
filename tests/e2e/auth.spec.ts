import { E2E_ADMIN } from "../support/e2e/env";
import { db, expect, signInAs, test, totpCode, waitForHydration } from "../support/e2e/fixtures";

/** The admin's authenticator code for a moment that has not been used yet (codes are single-use). */
async function freshAdminCode(): Promise<string> {
  const admin = await db.user.findUniqueOrThrow({ where: { email: E2E_ADMIN.email }, include: { devices: true } });
  const lastStep = Math.max(...admin.devices.map((d) => d.lastUsedStep));
  const nowStep = Math.floor(Date.now() / 30_000);
  // One step of drift is accepted, so a code from the next step is still good after the current one was spent.
  const step = Math.max(nowStep, lastStep + 1);
  if (step > nowStep + 1) throw new Error("no unused code available yet");
  return totpCode(E2E_ADMIN.secret, new Date(step * 30_000 + 1_000));
}

async function clearAdminLock() {
  await db.authAttempt.deleteMany({});
}

test.describe("admin sign-in with JavaScript", () => {
  test("signs in with a code from the authenticator, lands on /dashboard, signs out", async ({ page }) => {
    await clearAdminLock();
    await page.goto("/login?change=1");
    await waitForHydration(page);
    await page.getByLabel("Work email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`Signing in as ${E2E_ADMIN.email}`)).toBeVisible();
    const submit = page.getByRole("button", { name: "Sign in" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Digit 1").click();
    await page.keyboard.type(await freshAdminCode());
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome!", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("sidebar-user")).toContainText(E2E_ADMIN.name);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Logged Out", { exact: true }).first()).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("a wrong code shows 'Invalid Code', clears the boxes and focuses the first", async ({ page }) => {
    await clearAdminLock();
    await page.goto("/login?change=1");
    await waitForHydration(page);
    await page.getByLabel("Work email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Digit 1").click();
    const good = totpCode(E2E_ADMIN.secret);
    const wrong = good === "000000" ? "111111" : "000000";
    await page.keyboard.type(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("login-error")).toContainText("Invalid Code");
    for (let i = 1; i <= 6; i++) await expect(page.getByLabel(`Digit ${i}`)).toHaveValue("");
    await expect(page.getByLabel("Digit 1")).toBeFocused();
    await clearAdminLock();
  });

  test("an address that is not one is refused under the field before anything is sent", async ({ page }) => {
    await page.goto("/login?change=1");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    const email = page.getByLabel("Work email");
    await email.fill("aisha@showroom");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address");
    await expect(page.getByText("Signing in as")).toHaveCount(0);
    expect(posts).toEqual([]);
    // Corrected, it goes on to the code step.
    await email.fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`Signing in as ${E2E_ADMIN.email}`)).toBeVisible();
  });

  test("the code boxes move focus forward, back on Backspace, and take a pasted code", async ({ page, context }) => {
    await context.addCookies([]);
    await page.goto("/login?change=1");
    await waitForHydration(page);
    await page.getByLabel("Work email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Continue" }).click();
    const box = (i: number) => page.getByLabel(`Digit ${i}`);
    await box(1).click();
    await page.keyboard.type("12");
    await expect(box(1)).toHaveValue("1");
    await expect(box(2)).toHaveValue("2");
    await expect(box(3)).toBeFocused();
    await page.keyboard.press("Backspace");
    await expect(box(2)).toBeFocused();
    await expect(box(2)).toHaveValue("");
    await box(1).focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text", "987654");
      document.activeElement!.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    for (const [i, d] of [..."987654"].entries()) await expect(box(i + 1)).toHaveValue(d);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });
});

test.describe("sign-out", () => {
  test("clears the leads this browser saved, and still does when the server cannot be reached ('Session ended')", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front");
    await page.goto("/ai-assistant");
    await waitForHydration(page);
    await page.evaluate(() =>
      localStorage.setItem("jewel-crm.ai-leads", JSON.stringify({ leads: [{ name: "Client Data" }] })),
    );
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("jewel-crm.ai-leads"))).toBeNull();

    await signInAs(context, "sales_front");
    await page.goto("/ai-assistant");
    await waitForHydration(page);
    await page.evaluate(() => localStorage.setItem("jewel-crm.ai-leads", "[]"));
    await page.route("**/logout", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("Session ended", { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("jewel-crm.ai-leads"))).toBeNull();
  });
});

test.describe("admin sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same two steps work as plain forms", async ({ page }) => {
    await clearAdminLock();
    await page.goto("/login?change=1");
    await page.getByLabel("Work email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Continue" }).click();
    const code = await freshAdminCode();
    for (const [i, d] of [...code].entries()) await page.getByLabel(`Digit ${i + 1}`).fill(d);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Welcome!");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the server refuses an address the browser let through, keeping it as typed, in Arabic", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "ar-AE" });
    const page = await context.newPage();
    await page.goto("/login?change=1");
    // The browser's own check takes "aisha@showroom"; the sign-in rules want a domain with a dot.
    const email = page.getByLabel("البريد الإلكتروني للعمل");
    await email.fill("aisha@showroom");
    await page.getByRole("button", { name: "متابعة" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "أدخل عنوان بريد إلكتروني صحيحًا" })).toBeVisible();
    await expect(email).toHaveValue("aisha@showroom");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await context.close();
  });
});

test.describe("guards and unknown pages", () => {
  test("/nope answers 404 with the spec's page", async ({ page }) => {
    const response = await page.goto("/nope");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText(/add the page to the router/)).toBeVisible();
  });

  test("road sales sees 'Access Restricted' on the dashboard (403)", async ({ page, context }) => {
    await signInAs(context, "road_sales");
    const response = await page.goto("/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    await expect(page.getByText("Road sales users can only access Digital Invoices and Product Master.")).toBeVisible();
  });

  test("a sales user sees 'Access Denied' on the profile and 'team member' in the sidebar", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front", "Omar Saeed");
    const response = await page.goto("/profile");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByTestId("sidebar-user")).toContainText("sales front");
    await expect(page.getByTestId("sidebar-user")).toContainText("Team member");
  });
});
