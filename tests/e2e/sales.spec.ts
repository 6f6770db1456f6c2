import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

async function newClient(name: string) {
  const mobileNumber = nextMobile();
  return db.client.create({
    data: { fullName: name, mobileNumber, searchText: `${name} ${mobileNumber}`.toLowerCase() },
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`itemised sales with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("records an itemised sale from the client's details, then voids it", async ({ page, context }) => {
      // Five page round trips and a 40-field form: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      await signInAs(context, "sales_front", `Noor Seller ${uniqueDigits()}`);
      const client = await newClient(`Hessa Itemised ${uniqueDigits()}`);
      const invoice = `E2E-${uniqueDigits()}`;
      await page.goto(`/customers/${client.id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("link", { name: "Record a sale" }).click();
      await expect(page.getByRole("heading", { name: "Record a sale" })).toBeVisible();
      if (javaScriptEnabled) await waitForHydration(page);

      await page.locator("#sale-showroom").selectOption("dubai_mall");
      await page.locator("#sale-invoiceNo").fill(invoice);
      await page.locator("#sale-item-0-category").selectOption("bangle");
      await page.locator("#sale-item-0-metal").selectOption("yellow_gold");
      await page.locator("#sale-item-0-karat").selectOption("21");
      await page.locator("#sale-item-0-weightGrams").fill("32.4");
      await page.locator("#sale-item-0-price").fill("9800.10");
      const total = page.getByTestId("sale-running-total");
      if (javaScriptEnabled) await expect(total).toHaveText("1 item, total AED 9,800.10, 32.400 g");

      // A fourth row comes from the server, the typed values kept.
      await expect(page.getByTestId("sale-item")).toHaveCount(3);
      await page.getByRole("button", { name: "Add another item" }).click();
      await expect(page.getByTestId("sale-item")).toHaveCount(4);
      await expect(page.locator("#sale-item-0-price")).toHaveValue("9800.10");
      await page.locator("#sale-item-3-category").selectOption("ring");
      await page.locator("#sale-item-3-stone").selectOption("diamond");
      await page.locator("#sale-item-3-stoneCarats").fill("1.02");
      await page.locator("#sale-item-3-price").fill("200");
      if (javaScriptEnabled) await expect(total).toHaveText("2 items, total AED 10,000.10, 32.400 g");
      await page.getByRole("button", { name: "Record sale" }).click();

      const details = page.getByRole("dialog", { name: "Customer Details" });
      const row = details.getByTestId("sale-row").filter({ hasText: invoice });
      await expect(row).toContainText("AED 10,000.10");
      await expect(row.getByTestId("sale-items")).toContainText("Bangle · 21K Yellow gold · 32.400 g");
      await expect(row.getByTestId("sale-items")).toContainText("Ring · Diamond 1.02 ct");
      await expect
        .poll(async () => (await db.client.findUniqueOrThrow({ where: { id: client.id } })).totalSalesFils)
        .toBe(1_000_010n);

      await row.getByText("Void…").click();
      await row.getByLabel("Reason").fill("Entered on the wrong client");
      await row.getByRole("button", { name: "Void sale" }).click();
      await expect(details.getByTestId("sale-row").filter({ hasText: invoice }).getByTestId("sale-void")).toHaveText(
        "Void: Entered on the wrong client",
      );
      const stored = await db.client.findUniqueOrThrow({ where: { id: client.id } });
      expect([stored.totalSalesFils, stored.tier, stored.lastPurchaseDate]).toEqual([0n, "bronze", null]);
    });
  });
}
