import { addClient, expect, signInAs, test } from "../support/e2e/fixtures";

const run = `Mg${Date.now().toString(36)}`;

test.describe("Merging two clients without JavaScript, at 360 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("Merge keeps one client with the chosen values, and Undo merge puts the other back", async ({
    page,
    context,
  }) => {
    const { user } = await signInAs(context, "admin");
    const email = `${run.toLowerCase()}@example.com`;
    await addClient(user, { fullName: `${run} Hessa Al Ali`, email, area: "Deira" });
    await addClient(user, { fullName: `${run} Hissa Ali`, email, area: "Karama" });

    await page.goto("/customers/duplicates?pageSize=100");
    const pair = page.getByRole("listitem").filter({ hasText: `${run} Hissa Ali` });
    await pair.getByRole("link", { name: "Merge" }).click();

    await expect(page.getByRole("heading", { name: "Merge two clients" })).toBeVisible();
    await page.getByRole("group", { name: "Which client stays?" }).getByLabel(`${run} Hessa Al Ali`).check();
    await page.getByRole("group", { name: "Area" }).getByLabel("Karama").check();
    await page.getByRole("button", { name: "Merge", exact: true }).click();

    await expect(page.getByText("Clients merged")).toBeVisible();
    await expect(page.getByText("Karama").first()).toBeVisible();
    await page.getByRole("button", { name: "Undo merge" }).click();
    await expect(page.getByText("Merge undone")).toBeVisible();

    await page.goto("/customers/duplicates?pageSize=100");
    await expect(page.getByRole("listitem").filter({ hasText: `${run} Hissa Ali` })).toHaveCount(1);
  });
});
