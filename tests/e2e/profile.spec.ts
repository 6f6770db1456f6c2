import { db, expect, signInAs, signInContext, test, waitForHydration } from "../support/e2e/fixtures";

// The admin's profile and its two read-only admin pages (docs/product-rules.md §2 'Profile (admin only)').

test.describe("profile", () => {
  test("shows the admin's details, security, admin actions and account status", async ({ page, context }) => {
    const admin = await signInAs(context, "admin", "Mona Profile");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    const info = page.getByRole("region", { name: "Profile Information" });
    await expect(info).toContainText("Mona Profile");
    await expect(info).toContainText(admin.user.email);
    await expect(info).toContainText("Administrator");
    await expect(info).toContainText("Authenticator app");
    const security = page.getByRole("region", { name: "Security" });
    for (const text of [
      "Passwordless authentication enabled",
      "No passwords stored",
      "Account Created: System Administrator",
      "Full System Access",
    ]) {
      await expect(security).toContainText(text);
    }
    const actions = page.getByRole("region", { name: "Admin Actions" });
    for (const name of ["User Management", "System Logs", "Security Settings"])
      await expect(actions.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    const status = page.getByRole("region", { name: "Account Status" });
    for (const text of ["Active", "TOTP Enabled", "Full Access"]) await expect(status).toContainText(text);
  });

  test("System Logs filters the audit log by action and user, in the URL", async ({ page, context }) => {
    const admin = await signInAs(context, "admin", `Log Reader ${Date.now()}`);
    await db.auditLog.create({
      data: {
        actorId: admin.user.id,
        actorName: admin.user.name,
        action: "user.created",
        targetType: "user",
        targetId: admin.user.id,
        details: JSON.stringify({ role: "sales_front" }),
      },
    });
    await db.auditLog.create({
      data: {
        actorId: admin.user.id,
        actorName: admin.user.name,
        action: "auth.code_failed",
        details: JSON.stringify({ purpose: "login" }),
      },
    });
    await page.goto("/profile");
    await page.getByRole("link", { name: /System Logs/ }).click();
    await expect(page).toHaveURL(/\/profile\/logs$/);
    // Exact labels: the URL changes before the new page renders, and /profile's "Admin Actions" section
    // matches "Action" otherwise.
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "Failed code" });
    await page.getByLabel("User", { exact: true }).selectOption({ label: admin.user.name });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`action=auth.code_failed&user=${admin.user.id}`));
    await expect(page.getByTestId("log-entry")).toHaveCount(1);
    await expect(page.getByTestId("log-entry")).toContainText("purpose: login");
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/profile\/logs$/);
  });

  test("Security Settings lists devices and sessions; 'Sign out everywhere' ends the other browser's session too", async ({
    page,
    context,
    browser,
  }) => {
    const admin = await signInAs(context, "admin");
    const other = await browser.newContext();
    await signInContext(other, admin.user.id);
    const otherPage = await other.newPage();
    await otherPage.goto("/profile");
    await expect(otherPage).toHaveURL(/\/profile$/);

    await page.goto("/profile/security");
    await waitForHydration(page);
    await expect(page.getByTestId("device")).toHaveCount(1);
    await expect(page.getByTestId("session")).toHaveCount(2);
    await expect(page.getByText("This session")).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Signed out everywhere").first()).toBeVisible();
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
  });
});
