import { db, expect, signInAs, test, waitForHydration } from "./support/fixtures";

const { createClient } = await import("~/services/client-writes.server");

const run = `Pv${Date.now().toString(36)}`;
const FULL_ID = "784-1979-2468135-4";

test.describe("Reveal an Emirates ID without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the details show it masked; Reveal posts and the resulting page shows the full number", async ({
    page,
    context,
  }) => {
    const { user } = await signInAs(context, "sales_front");
    const mobileNumber = `97158${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const created = await createClient(
      { fullName: `${run} Hidden`, mobileNumber, team: "team_a", emiratesId: FULL_ID },
      { actor: user },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.issues));

    await page.goto(`/customers/${created.client.id}`);
    const idNumber = page.locator("dt", { hasText: /^ID Number$/ }).locator("xpath=following-sibling::dd");
    await expect(idNumber).toHaveText("784-****-*******-4");
    await expect(page.getByText("2468135")).toHaveCount(0);

    await page.getByRole("button", { name: "Reveal Emirates ID" }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${created.client.id}$`));
    await expect(idNumber).toHaveText(FULL_ID);
    await expect(page.getByRole("button", { name: "Reveal Emirates ID" })).toHaveCount(0);

    const entries = await db.auditLog.findMany({
      where: { action: "client.emirates_id_revealed", actorId: user.id, targetId: String(created.client.id) },
    });
    expect(entries).toHaveLength(1);
  });
});

test("Reveal with JavaScript: the dialog shows the number in place, over the list", async ({ page, context }) => {
  const { user } = await signInAs(context, "road_sales");
  const mobileNumber = `97158${String((Date.now() + 1) % 10_000_000).padStart(7, "0")}`;
  const created = await createClient(
    { fullName: `${run} Dialog`, mobileNumber, team: "team_b", emiratesId: "784-1988-1357913-7" },
    { actor: user },
  );
  if (!created.ok) throw new Error(JSON.stringify(created.issues));
  await page.goto(`/customers?search=${run}%20Dialog`);
  await waitForHydration(page);
  await expect(page.getByTestId("customer-table")).toContainText("784-****-*******-7");
  // Opened from the list, the dialog sits over it (a direct link would open over a light page).
  await page.getByRole("link", { name: `View ${run} Dialog` }).click();
  const dialog = page.getByRole("dialog");
  const idNumber = dialog.locator("dt", { hasText: /^ID Number$/ }).locator("xpath=following-sibling::dd");
  await expect(idNumber).toHaveText("784-****-*******-7");
  await dialog.getByRole("button", { name: "Reveal Emirates ID" }).click();
  await expect(idNumber).toHaveText("784-1988-1357913-7");
  await expect(page.getByTestId("customer-table")).toContainText("784-****-*******-7");
});
