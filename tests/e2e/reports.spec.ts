import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { createStaff, db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

// The sales report (docs/decisions/018-sales-report.md) with JavaScript on and off, and on a 360 px
// phone. Each test's associate is new, so their row holds only the test's own sales whatever else
// the database has; the period is in 2019, before any other test's sales.
const PERIOD = { from: "2019-03-01", to: "2019-04-30" };

async function associateWithSales() {
  const { user } = await createStaff("sales_front", `Mariam Report ${uniqueDigits()}`);
  const mobileNumber = nextMobile();
  const client = await db.client.create({
    data: { fullName: `Report Buyer ${uniqueDigits()}`, mobileNumber, searchText: `report buyer ${mobileNumber}` },
  });
  const sale = (day: string, amountFils: bigint, extra: { items?: boolean; voided?: boolean } = {}) =>
    db.sale.create({
      data: {
        clientId: client.id,
        saleDate: new Date(`${day}T00:00:00Z`),
        amountFils,
        showroom: "dubai_mall",
        soldById: user.id,
        voidedAt: extra.voided ? new Date() : null,
        items: extra.items
          ? {
              create: [
                { category: "ring", priceFils: amountFils, position: 0, saleDate: new Date(`${day}T00:00:00Z`) },
              ],
            }
          : undefined,
      },
    });
  await sale("2019-03-10", 125_000n, { items: true });
  await sale("2019-04-20", 75_050n);
  await sale("2019-04-21", 999_900n, { voided: true });
  return user;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the sales report with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("opens from the sidebar, changes the period, shows a chart with its table and downloads the workbook", async ({
      page,
      context,
    }) => {
      const associate = await associateWithSales();
      await signInAs(context, "sales_back");
      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      await page
        .getByRole("complementary", { name: "Main navigation" })
        .getByRole("link", { name: "Sales Report" })
        .click();
      await expect(page.getByRole("heading", { name: "Sales Report", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Last 12 months" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("img", { name: /^Sales by month/ })).toBeVisible();

      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("From", { exact: true }).fill(PERIOD.from);
      await page.getByLabel("To", { exact: true }).fill(PERIOD.to);
      await page.getByRole("button", { name: "Show report" }).click();
      await expect(page).toHaveURL(/\/reports\?from=2019-03-01&to=2019-04-30$/);
      await expect(page.getByText("1 Mar 2019 – 30 Apr 2019").first()).toBeVisible();

      const section = page.getByTestId("report-associate");
      const chart = section.getByRole("img", { name: "Sales by associate" });
      await expect(chart).toBeVisible();
      await expect(chart.locator(`[data-key="${associate.id}"]`)).toContainText(associate.name);
      // The voided sale is left out: two sales, AED 2,000.50.
      await expect(section.getByRole("row", { name: associate.name })).toHaveText(
        new RegExp(`${associate.name}\\s*2\\s*2,000\\.50\\s*1,000\\.25`),
      );
      await expect(page.getByTestId("report-month").getByRole("row", { name: "Apr 2019" })).toContainText("750.50");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        section.getByRole("link", { name: "Download .xlsx of sales by associate" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("sales-report-associate-2019-03-01-to-2019-04-30.xlsx");
      const book = XLSX.read(readFileSync(await download.path()), { type: "buffer" });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      expect(rows).toContainEqual([associate.name, 2, 2000.5, 1000.25, expect.stringMatching(/%$/)]);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the sales report on a 360 px phone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 740 } });

    test("fits the screen: charts as wide as their cards, tables scrolling inside their own box", async ({
      page,
      context,
    }) => {
      await associateWithSales();
      await signInAs(context, "admin");
      await page.goto(`/reports?from=${PERIOD.from}&to=${PERIOD.to}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("img", { name: "Sales by showroom" })).toBeVisible();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      for (const chart of await page
        .getByRole("img")
        .filter({ has: page.locator("desc") })
        .all()) {
        const box = (await chart.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      const summary = page.getByTestId("report-summary").locator("div.overflow-x-auto");
      const { clientWidth, scrollWidth } = await summary.evaluate((box) => ({
        clientWidth: box.clientWidth,
        scrollWidth: box.scrollWidth,
      }));
      expect(clientWidth).toBeLessThanOrEqual(360);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      if (!javaScriptEnabled) await page.screenshot({ path: "test-results/phone-sales-report.png", fullPage: true });
    });
  });
}
