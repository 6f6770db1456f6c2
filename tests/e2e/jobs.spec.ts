import type { Page } from "@playwright/test";
import { addClient, db, expect, signInAs, test } from "../support/e2e/fixtures";

/**
 * Issue #45 item 4, with JavaScript off at phone width: a repair opened from the client's details with a
 * deposit, moved through the workshop, refused delivery while owed, paid up, delivered (recording its sale),
 * then found on /jobs and printed as a slip.
 */
const PHONE = { javaScriptEnabled: false, viewport: { width: 360, height: 740 } };
test.use(PHONE);

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test("a repair from intake to delivery", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { user } = await signInAs(context, "sales_front");
  const client = await addClient(user, { fullName: "Repair Client E2E" });

  await page.goto(`/customers/${client.id}`);
  await page.getByRole("link", { name: "New job" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/new\\?clientId=${client.id}$`));
  await fitsThePhone(page);
  await page.getByLabel("Description").fill("Ring resized to 14, clasp checked");
  await page.getByLabel("Price or estimate (AED)").fill("150");
  await page.getByLabel("Piece 1").selectOption({ label: "Ring" });
  await page.getByLabel("Weight (g, up to 3 decimals)").first().fill("3.25");
  await page.getByLabel("Condition or what to make").first().fill("Scratched band");
  await page.getByLabel("Amount (AED)").fill("50");
  await page.getByLabel("Method").selectOption("card");
  await page.getByRole("button", { name: "Open the job" }).click();

  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  const job = await db.job.findFirstOrThrow({ where: { clientId: client.id }, include: { items: true } });
  expect(job).toMatchObject({ type: "repair", status: "received", priceFils: 15000n, paidFils: 5000n });
  expect(job.items[0]).toMatchObject({ category: "ring", weightMg: 3250, notes: "Scratched band" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(job.number);
  await expect(page.getByTestId("job-status")).toHaveText("Received");
  await expect(page.getByTestId("job-balance")).toHaveText("AED 100.00");
  await fitsThePhone(page);

  await page.getByRole("button", { name: "Mark In workshop" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("In workshop");
  await page.getByRole("button", { name: "Mark Ready" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("Ready");
  await page.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(page.getByTestId("job-move-error")).toHaveText("AED 100.00 outstanding");

  await page.getByLabel("Amount (AED)").fill("100");
  await page.getByLabel("Method").selectOption("cash");
  await page.getByRole("button", { name: "Take the payment" }).click();
  await expect(page.getByTestId("job-balance")).toHaveText("AED 0.00");
  await page.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("Delivered");
  await expect(page.getByTestId("job-history")).toContainText("Delivered");

  const sale = await db.sale.findFirstOrThrow({ where: { clientId: client.id }, include: { payments: true } });
  expect(sale).toMatchObject({ amountFils: 15000n, invoiceNo: job.number });
  expect(sale.payments.map((p) => [p.method, p.amountFils])).toEqual([
    ["card", 5000n],
    ["cash", 10000n],
  ]);
  expect(await db.cashTransaction.count({ where: { clientId: client.id, kind: "job_payment" } })).toBe(1);

  await page.goto("/jobs");
  await page.getByLabel("Number or client name").fill("Repair Client E2E");
  await page.getByRole("button", { name: "Filter" }).click();
  const card = page.getByTestId("job-card").filter({ hasText: job.number });
  await expect(card).toContainText("Delivered");
  await fitsThePhone(page);

  await card.getByRole("link", { name: job.number }).click();
  await page.getByRole("link", { name: "Print the slip" }).click();
  const slip = page.getByTestId("job-slip");
  await expect(slip).toContainText(job.number);
  await expect(slip).toContainText("Jewel CRM");
  await expect(slip.getByRole("img", { name: "QR code of the job's page" })).toBeVisible();
  await fitsThePhone(page);
});
