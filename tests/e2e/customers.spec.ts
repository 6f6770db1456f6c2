import {
  addClient,
  clientRows,
  db,
  expect,
  pressEscapeIn,
  signInAs,
  test,
  totpCode,
  waitForHydration,
} from "../support/e2e/fixtures";
import { nextMobile } from "../support/e2e/unique-values";

// Names carry a token of this run, so searches find only this file's clients in the shared database.
const run = `Zq${Date.now().toString(36)}`;

test.describe("Customer Purchase History with JavaScript", () => {
  test("searches (debounced), filters and changes the page size through the URL", async ({ page, context }) => {
    const { user } = await signInAs(context, "sales_front");
    await addClient(user, {
      fullName: `${run} Search Gold`,
      totalSalesValue: "150000",
      lastPurchaseDate: "2024-01-10",
      emirate: "sharjah",
    });
    await addClient(user, { fullName: `${run} Search Bronze`, emirate: "sharjah" });
    for (let i = 1; i <= 26; i++)
      await addClient(user, { fullName: `${run} Pager ${String(i).padStart(2, "0")}`, team: "team_c" });

    await page.goto("/customers");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Customer Purchase History" })).toBeVisible();
    await page.getByLabel("Search", { exact: true }).fill(`${run} search`);
    await expect(page).toHaveURL(new RegExp(`search=${run}`));
    await expect(clientRows(page)).toHaveCount(2);
    await expect(page.getByTestId("customer-count")).toHaveText("2 clients");

    await page.getByLabel("Tier").selectOption("gold");
    await expect(page).toHaveURL(/tier=gold/);
    await expect(clientRows(page)).toHaveCount(1);
    await expect(clientRows(page).first()).toContainText(`${run} Search Gold`);
    await expect(clientRows(page).first()).toContainText("AED 150,000.00");
    await expect(clientRows(page).first()).toContainText("Sharjah");

    await page.getByRole("link", { name: "Clear filters" }).click();
    // The filters reset when the cleared list arrives; a search typed before then keeps the tier shown.
    await expect(page.getByLabel("Tier")).toHaveValue("");
    await page.getByLabel("Search", { exact: true }).fill(`${run} pager`);
    await expect(page.getByTestId("customer-count")).toHaveText("26 clients");
    await page.getByLabel("Rows per page").selectOption("25");
    await expect(page).toHaveURL(/limit=25/);
    await expect(clientRows(page)).toHaveCount(25);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(clientRows(page)).toHaveCount(1);
    await expect(clientRows(page).first()).toContainText(`${run} Pager 01`);
    // A new search goes back to page 1.
    await page.getByLabel("Search", { exact: true }).fill(`${run} pager 2`);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(clientRows(page)).toHaveCount(7);
  });

  test("adds a client in the modal, with the New Client rules checked before sending", async ({ page, context }) => {
    await signInAs(context, "sales_back");
    await page.goto(`/customers?search=${run}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "New Client" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Client" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Full name *").fill(`${run} Added Client`);
    const mobile = nextMobile();
    await dialog.getByLabel("Mobile number *").fill(`0${mobile.slice(3)}`);
    await dialog.getByLabel("Total sales (AED)").fill("2500");
    await dialog.getByRole("button", { name: "Create Client" }).click();
    await expect(dialog.getByText("Purchase date is required when entering a sales amount")).toBeVisible();
    await expect(dialog.getByText("Team is required")).toBeVisible();

    await dialog.getByLabel("Purchase date").fill("2024-03-01");
    await dialog.getByLabel("Team *").selectOption("team_b");
    await dialog.getByLabel("Country *").selectOption("qatar");
    await expect(dialog.getByLabel("Emirate")).toBeDisabled();
    await dialog.getByRole("button", { name: "Create Client" }).click();

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/customers\\?search=${run}$`));
    await expect(page.getByText("Client Added", { exact: true }).first()).toBeVisible();
    const row = clientRows(page).filter({ hasText: `${run} Added Client` });
    await expect(row).toContainText(`+${mobile}`);
    await expect(row).toContainText("Qatar");
    await expect(row).toContainText("AED 2,500.00");
  });

  test("edits a client with a new sale and shows it in the details' purchase history", async ({ page, context }) => {
    const { user } = await signInAs(context, "road_sales");
    const client = await addClient(user, {
      fullName: `${run} Edit Me`,
      totalSalesValue: "99999.50",
      lastPurchaseDate: "2023-05-05",
    });
    await page.goto(`/customers?search=${encodeURIComponent(`${run} edit me`)}`);
    await waitForHydration(page);
    await expect(clientRows(page).first()).toContainText("Silver");
    await page.getByRole("link", { name: `Edit ${run} Edit Me` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Customer" });
    await expect(dialog.getByTestId("total-sales")).toHaveText("AED 99,999.50");
    await dialog.getByLabel("New sale amount (AED)").fill("0.50");
    await dialog.getByLabel("Description").fill("Gold bangle");
    await dialog.getByLabel("PEP status").fill("No");
    await dialog.getByRole("button", { name: "Update Customer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Customer Updated", { exact: true }).first()).toBeVisible();
    const row = clientRows(page).first();
    await expect(row).toContainText("AED 100,000.00");
    await expect(row).toContainText("Gold");

    await page.getByRole("link", { name: `View ${run} Edit Me` }).click();
    const details = page.getByRole("dialog", { name: "Customer Details" });
    await expect(details).toBeVisible();
    const history = details.getByTestId("purchase-history").locator("tbody tr");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("AED 0.50");
    await expect(history.first()).toContainText("Gold bangle");
    await expect(history.last()).toContainText("5 May 2023");
    await expect(history.last()).toContainText("Purchase");
    await expect(details.getByText("PEP Status")).toBeVisible();
    await pressEscapeIn(details);
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(/\/customers\?search=/);
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).tier).toBe("gold");
  });

  test("deletes two clients through the Security Verification prompt", async ({ page, context }) => {
    const { user, secret } = await signInAs(context, "sales_front");
    const doomed = [
      await addClient(user, { fullName: `${run} Doomed One` }),
      await addClient(user, { fullName: `${run} Doomed Two` }),
    ];
    await addClient(user, { fullName: `${run} Doomed Survivor` });
    await page.goto(`/customers?search=${encodeURIComponent(`${run} doomed`)}`);
    await waitForHydration(page);
    const deleteButton = page.getByRole("button", { name: "Delete Selected" });
    await expect(deleteButton).toBeDisabled();
    await page.getByLabel("Select all").check();
    await expect(page.getByText("3 selected")).toBeVisible();
    await page.getByLabel("Select all").uncheck();
    await expect(deleteButton).toBeDisabled();
    await page.getByLabel(`Select ${run} Doomed One`).check();
    await page.getByLabel(`Select ${run} Doomed Two`).check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await deleteButton.click();

    const prompt = page.getByRole("dialog", { name: "Security Verification" });
    const verify = prompt.getByRole("button", { name: "Verify & Delete" });
    const code = prompt.getByLabel("6-digit code from your authenticator app");
    await code.fill("12ab3");
    await expect(code).toHaveValue("123");
    await expect(verify).toBeDisabled();
    const good = totpCode(secret);
    await code.fill(good === "000000" ? "111111" : "000000");
    await verify.click();
    await expect(page.getByText("OTP Verification Failed", { exact: true }).first()).toBeVisible();
    await expect(code).toHaveValue("");

    await code.fill(good);
    await verify.click();
    await expect(prompt).toBeHidden();
    await expect(page.getByText("Clients Deleted", { exact: true }).first()).toBeVisible();
    await expect(clientRows(page)).toHaveCount(1);
    await expect(clientRows(page).first()).toContainText(`${run} Doomed Survivor`);
    await expect(deleteButton).toBeDisabled();
    const deleted = await db.client.findMany({ where: { id: { in: doomed.map((d) => d.id) } } });
    expect(deleted.every((d) => d.deletedAt !== null)).toBe(true);
  });

  test("an admin restores a deleted client from the Deleted clients view", async ({ page, context }) => {
    const { user } = await signInAs(context, "admin");
    const client = await addClient(user, { fullName: `${run} Comeback Kid` });
    await db.client.update({ where: { id: client.id }, data: { deletedAt: new Date(), deletedById: user.id } });
    await page.goto("/customers");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Deleted clients" }).click();
    const dialog = page.getByRole("dialog", { name: "Deleted clients" });
    await dialog.getByLabel("Search deleted clients").fill(`${run} comeback`);
    await dialog.getByRole("button", { name: "Search" }).click();
    await dialog.getByLabel(`Restore ${run} Comeback Kid`).check();
    await dialog.getByRole("button", { name: "Restore Selected" }).click();
    await expect(page.getByText("Clients Restored", { exact: true }).first()).toBeVisible();
    await page.goto(`/customers?search=${encodeURIComponent(`${run} comeback`)}`);
    await expect(clientRows(page)).toHaveCount(1);
  });
});
