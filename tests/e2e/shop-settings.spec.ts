import { arabicStaff, db, expect, expectArabicDocument, test } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

/**
 * Issue #42: a showroom an admin adds on Shop settings is usable at once. In Arabic, with JavaScript off
 * and at phone width: the admin adds it, a seller records a sale in it, and the client's details name it.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

test("an admin adds a showroom in Arabic and a sale is recorded in it at once", async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  const digits = uniqueDigits();
  const english = `Marina Walk ${digits}`;
  const arabic = `ممشى المارينا ${digits}`;

  await arabicStaff(context, "admin");
  await page.goto("/profile/shop");
  await expectArabicDocument(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("إعدادات المتجر");
  // Nothing wider than the phone: the rows' forms stack.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const showrooms = page.locator("section#showrooms");
  const addForm = showrooms.locator("form").filter({ has: page.locator('button[value="add"]') });
  await addForm.getByLabel("الاسم بالإنجليزية").fill(english);
  await addForm.getByLabel("الاسم بالعربية").fill(arabic);
  await addForm.getByRole("button", { name: "إضافة" }).click();
  await expect(page.locator("section#showrooms")).toContainText(arabic);

  // The same name again, in another case, is refused on the form with what was typed kept.
  const again = page.locator("section#showrooms form").filter({ has: page.locator('button[value="add"]') });
  await again.getByLabel("الاسم بالإنجليزية").fill(english.toUpperCase());
  await again.getByRole("button", { name: "إضافة" }).click();
  await expect(page.getByText(`«${english.toUpperCase()}» موجود في هذه القائمة`)).toBeVisible();
  const stored = await db.showroom.findFirstOrThrow({ where: { name: english } });
  expect(stored).toMatchObject({ nameAr: arabic, active: true });

  // A seller, in Arabic too, records a sale in the new showroom.
  const sellerContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const sellerPage = await sellerContext.newPage();
  await arabicStaff(sellerContext, "sales_front");
  const mobileNumber = nextMobile();
  const client = await db.client.create({
    data: { fullName: `Shop Settings ${digits}`, mobileNumber, searchText: `shop settings ${digits} ${mobileNumber}` },
  });
  await sellerPage.goto(`/customers/${client.id}/sale`);
  await expectArabicDocument(sellerPage);
  // Left blank, the sale would be the seller's home showroom's: the form says so.
  await expect(sellerPage.locator('#sale-showroom option[value=""]')).toHaveText("المعرض الأساسي للبائع");
  await sellerPage.locator("#sale-showroom").selectOption({ label: arabic });
  await sellerPage.locator("#sale-invoiceNo").fill(`MW-${digits}`);
  await sellerPage.locator("#sale-amount").fill("1250.50");
  await sellerPage.locator('button[value="record"]').click();
  await expect
    .poll(async () => (await db.sale.findFirst({ where: { clientId: client.id } }))?.showroom)
    .toBe(stored.key);
  await sellerPage.goto(`/customers/${client.id}`);
  await expect(sellerPage.getByTestId("sale-row").first()).toContainText(arabic);
  await sellerContext.close();
});
