import { addClient, expect, signInAs, test } from "../support/e2e/fixtures";
import { nextMobile } from "../support/e2e/unique-values";

const run = `Dp${Date.now().toString(36)}`;

test.describe("Possible duplicates without JavaScript, at 360 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("warns at entry, Save anyway saves, the pair shows on Duplicates and Not the same person hides it", async ({
    page,
    context,
  }) => {
    const { user } = await signInAs(context, "sales_back");
    const email = `${run.toLowerCase()}@example.com`;
    await addClient(user, { fullName: `${run} Yousef Al Mansoori`, email });

    await page.goto("/customers/new");
    await page.getByLabel("Full name *").fill(`${run} Yusuf Mansouri`);
    await page.getByLabel("Mobile number *").fill(`+${nextMobile()}`);
    await page.getByLabel("Team *").selectOption("team_a");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Create Client" }).click();

    const warning = page.getByRole("alert").filter({ hasText: "Possible duplicate of" });
    await expect(warning).toContainText(`Possible duplicate of ${run} Yousef Al Mansoori`);
    await expect(warning).toContainText(user.name);
    await expect(warning.getByRole("link", { name: "Open it" })).toBeVisible();
    // The form came back as entered.
    await expect(page.getByLabel("Full name *")).toHaveValue(`${run} Yusuf Mansouri`);
    await warning.getByRole("button", { name: "Save anyway" }).click();
    await expect(page.getByText("Client Added")).toBeVisible();

    await page.goto("/customers/duplicates?pageSize=100");
    const pair = page.getByRole("listitem").filter({ hasText: `${run} Yusuf Mansouri` });
    await expect(pair).toContainText("Same email");
    await expect(pair.getByRole("row", { name: /Email/ })).toContainText(email);
    await pair.getByRole("button", { name: "Not the same person" }).click();
    await expect(page.getByText("Pair hidden")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: `${run} Yusuf Mansouri` })).toHaveCount(0);
  });
});
