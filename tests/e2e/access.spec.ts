import {
  createStaff,
  db,
  expect,
  signInAs,
  signInContext,
  test,
  totpCode,
  waitForHydration,
} from "../support/e2e/fixtures";

// Security Settings for every role, an admin managing a colleague's sign-in, the device-setup
// code prompt, and client dialogs that stay under /customer-history.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("Security Settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("road sales opens it from the sidebar and signs out another session, keeping this one", async ({
    page,
    context,
    browser,
  }) => {
    const staff = await signInAs(context, "road_sales", `Access Road ${tag()}`);
    const other = await browser.newContext({ javaScriptEnabled: false });
    await signInContext(other, staff.user.id);
    const otherPage = await other.newPage();
    await otherPage.goto("/customers");
    await expect(otherPage).toHaveURL(/\/customers$/);

    await page.goto("/customers");
    await page.getByRole("link", { name: "Security Settings (devices, sessions)" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByTestId("device")).toHaveCount(1);
    await expect(page.getByTestId("session")).toHaveCount(2);
    await page.getByRole("button", { name: "End session" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByTestId("session")).toHaveCount(1);
    await expect(page.getByText("This session")).toBeVisible();

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
  });
});

test.describe("an admin managing a colleague's sign-in", () => {
  test("removes a lost authenticator and switches the sign-in method from Edit User", async ({ page, context }) => {
    const admin = await signInAs(context, "admin", `Access Admin ${tag()}`);
    await db.session.updateMany({
      where: { userId: admin.user.id },
      data: { adminUnlockedUntil: new Date(Date.now() + 15 * 60_000) },
    });
    const colleague = await createStaff("sales_front", `Lost Phone ${tag()}`);

    await page.goto(`/profile/users?q=${encodeURIComponent(colleague.user.name)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: `Edit ${colleague.user.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await expect(dialog.getByTestId("user-device")).toHaveCount(1);
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(dialog.getByText("No authenticator is linked.")).toBeVisible();
    await expect(page.getByText("Authenticator removed").first()).toBeVisible();
    expect(await db.authenticatorDevice.count({ where: { userId: colleague.user.id } })).toBe(0);

    await expect(dialog.getByTestId("user-auth-type")).toHaveText("Microsoft Authenticator (TOTP)");
    await dialog.getByRole("button", { name: "Switch to admin-generated codes" }).click();
    await expect(dialog.getByTestId("user-auth-type")).toHaveText("Admin Generated OTP");
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.user.id } })).authType).toBe("otp");
  });
});

test.describe("device setup code prompt", () => {
  test("'Verify and link' stays disabled until exactly 6 digits", async ({ page, context }) => {
    const user = await db.user.create({
      data: { name: `No Phone ${tag()}`, email: `no.phone.${tag()}@jewel.test`, role: "sales_back" },
    });
    await signInContext(context, user.id);
    await page.goto("/account/authenticator");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Set up authenticator" }).click();
    const verify = page.getByRole("button", { name: "Verify and link" });
    await expect(verify).toBeDisabled();
    const secret = ((await page.getByTestId("setup-secret").textContent()) ?? "").replace(/\s+/g, "");
    const code = totpCode(secret);
    await page.getByLabel("6-digit code from the app").fill(code.slice(0, 5));
    await expect(verify).toBeDisabled();
    // The sixth digit enables it and submits the code by itself.
    await page.getByLabel("6-digit code from the app").fill(code);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: { not: null } } })).toBe(1);
  });
});

test.describe("client dialogs from /customer-history", () => {
  test("New Client, View and Edit stay under /customer-history and return to it with the query", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front", `Access Sales ${tag()}`);
    const name = `Hist${tag()}`;
    const mobileNumber = `97152${String(Date.now()).slice(-7)}`;
    const client = await db.client.create({
      data: {
        fullName: `${name} Client`,
        team: "team_a",
        mobileNumber,
        searchText: `${name} client ${mobileNumber}`.toLowerCase(),
      },
    });
    const list = `/customer-history?search=${name}`;
    await page.goto(list);
    await waitForHydration(page);

    await page.getByRole("link", { name: "New Client" }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-history/new\\?search=${name}$`));
    await page.getByRole("dialog", { name: "Add New Client" }).getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-history\\?search=${name}$`));

    await page.getByRole("link", { name: `View ${name} Client` }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-history/${client.id}\\?search=${name}$`));
    await page.getByRole("dialog", { name: "Customer Details" }).getByRole("link", { name: "Edit Customer" }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-history/${client.id}/edit\\?search=${name}$`));
    const edit = page.getByRole("dialog", { name: "Edit Customer" });
    await edit.getByLabel("Full Name").fill(`${name} Client Renamed`);
    await edit.getByRole("button", { name: "Update Customer" }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-history\\?search=${name}$`));
    await expect(page.getByTestId("customer-table")).toContainText(`${name} Client Renamed`);
  });
});
