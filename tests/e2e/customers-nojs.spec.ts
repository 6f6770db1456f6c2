import { addClient, clientRows, db, expect, signInAs, test, totpCode } from "../support/e2e/fixtures";
import { nextMobile } from "../support/e2e/unique-values";

const run = `Zn${Date.now().toString(36)}`;

test.describe("Customer Purchase History without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searches with the GET form and pages with plain links", async ({ page, context }) => {
    const { user } = await signInAs(context, "road_sales");
    for (let i = 1; i <= 27; i++) await addClient(user, { fullName: `${run} Plain ${String(i).padStart(2, "0")}` });
    await page.goto("/customer-history");
    await page.getByLabel("Search", { exact: true }).fill(`${run} plain`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-history\\?search=${run}`));
    await expect(page.getByTestId("customer-count")).toHaveText("27 clients");

    await page.getByLabel("Rows per page").selectOption("25");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/limit=25/);
    await expect(clientRows(page)).toHaveCount(25);
    await expect(clientRows(page).first()).toContainText(`${run} Plain 27`);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(clientRows(page)).toHaveCount(2);
    await expect(page.getByTestId("page-summary")).toHaveText("Showing 26–27 of 27");
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(clientRows(page)).toHaveCount(25);
  });

  test("adds a client on the New Client page, with server-side errors first", async ({ page, context }) => {
    await signInAs(context, "sales_front");
    await page.goto(`/customers?search=${run}`);
    await page.getByRole("link", { name: "New Client" }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/new\\?search=${run}`));
    await page.getByLabel("Full name *").fill(`${run} Plain Added`);
    await page.getByLabel("Mobile number *").fill("12");
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(page.getByText("Validation failed for: mobileNumber, team")).toBeVisible();
    await expect(page.getByText("Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)")).toBeVisible();

    const mobile = nextMobile();
    await page.getByLabel("Mobile number *").fill(`+${mobile}`);
    await page.getByLabel("Team *").selectOption("team_c");
    await page.getByLabel("Emirate *").selectOption("fujairah");
    await page.getByLabel("Area").fill("  Dibba  ");
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(page).toHaveURL(new RegExp(`/customers\\?search=${run}$`));
    await expect(page.getByText("Client Added")).toBeVisible();
    const row = clientRows(page).filter({ hasText: `${run} Plain Added` });
    await expect(row).toContainText("Fujairah, Dibba");
    await expect(row).toContainText("Mixed Products");
  });

  test("deletes a client with two form posts: Delete Selected, then the code", async ({ page, context }) => {
    const { user, secret } = await signInAs(context, "sales_back");
    const client = await addClient(user, { fullName: `${run} Plain Doomed` });
    await page.goto(`/customers?search=${encodeURIComponent(`${run} plain doomed`)}`);
    await page.getByLabel(`Select ${run} Plain Doomed`).check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    await expect(page.getByText("Security Verification")).toBeVisible();
    await page.getByLabel("6-digit code from your authenticator app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify & Delete" }).click();
    await expect(page.getByText("Clients Deleted")).toBeVisible();
    await expect(page.getByText("No customers found")).toBeVisible();
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).deletedAt).not.toBeNull();
  });

  test("an unknown client opens as a page saying so, over the list", async ({ page, context }) => {
    await signInAs(context, "sales_front");
    const response = await page.goto("/customers/987654321?tier=gold");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("dialog", { name: "Customer Details" })).toContainText("Client not found");
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/customers\?tier=gold$/);
    await expect(page.getByRole("heading", { name: "Customer Purchase History" })).toBeVisible();
  });
});
