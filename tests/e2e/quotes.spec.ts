import type { Page } from "@playwright/test";
import { recordGoldRate } from "~/services/gold-rates.server";
import { addClient, arabicStaff, createStaff, db, expect, expectArabicDocument, test } from "../support/e2e/fixtures";

/**
 * Issue #46 item 2: a seller gives a quote in Arabic with JavaScript off at phone width (a piece added without
 * JavaScript, 24K coins zero-rated, old gold in exchange), prints it on one A4 page and turns it into a sale.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test("a quote in Arabic without JavaScript, printed on one page and turned into a sale", async ({ page, context }) => {
  test.setTimeout(120_000);
  const { user: admin } = await createStaff("admin");
  await recordGoldRate(
    admin,
    { rates: { "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n }, effectiveAt: new Date(Date.now() - 1000) },
    null,
  );
  const { user: seller } = await arabicStaff(context, "road_sales");
  const client = await addClient(seller, {
    fullName: "Noura Quote",
    fullNameAr: "نورة الكعبي",
    preferredLanguage: "ar",
  });

  // From the client's details: New quote.
  await page.goto(`/customers/${client.id}`);
  await page.getByRole("link", { name: "عرض سعر جديد" }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes/new\\?clientId=${client.id}$`));
  await expectArabicDocument(page);
  await expect(page.getByTestId("quote-client")).toContainText("نورة الكعبي");
  await fitsThePhone(page);

  // The first piece, then another row without JavaScript: what was typed stays.
  const piece = (n: number) => page.getByTestId("quote-line").nth(n);
  await piece(0).getByLabel("الوصف").fill("إسوارة مشغولة");
  await piece(0).getByLabel("الفئة").selectOption({ label: "إسوارة" });
  await piece(0).getByLabel("الوزن (غرام، حتى 3 منازل عشرية)").fill("32.405");
  await piece(0).getByLabel("أجرة المصنعية (درهم)").fill("15");
  await piece(0).getByLabel("الأحجار (درهم)").fill("250");
  await page.getByRole("button", { name: "إضافة قطعة" }).click();
  await expect(page.getByTestId("quote-line")).toHaveCount(2);
  await expect(piece(0).getByLabel("الوزن (غرام، حتى 3 منازل عشرية)")).toHaveValue("32.405");
  await expect(piece(0).getByLabel("الوصف")).toHaveValue("إسوارة مشغولة");

  // A 24K coin with a fixed making charge, and old gold in exchange.
  await piece(1).getByLabel("الفئة").selectOption({ label: "عملة / سبيكة" });
  await piece(1).getByLabel("العيار").selectOption("24");
  await piece(1).getByLabel("الوزن (غرام، حتى 3 منازل عشرية)").fill("10");
  await piece(1).getByLabel("أجرة المصنعية (درهم)").fill("50");
  await piece(1).getByLabel("أجرة المصنعية", { exact: true }).selectOption("fixed");
  await page.getByRole("button", { name: "إضافة ذهب قديم" }).click();
  const oldGold = page.getByTestId("quote-exchange").first();
  await oldGold.getByLabel("الوزن (غرام، حتى 3 منازل عشرية)").fill("10.333");
  await oldGold.getByLabel("العيار").selectOption("21");
  await oldGold.getByLabel("الخصم (%)").fill("2.5");
  await expect(piece(1).getByLabel("الوزن (غرام، حتى 3 منازل عشرية)")).toHaveValue("10");
  await page.getByRole("button", { name: "حفظ العرض" }).click();

  // The saved quote: its number, the sums exact, valid until the end of the day.
  await expect(page).toHaveURL(/\/quotes\/[^/]+$/);
  const quote = await db.quote.findFirstOrThrow({ where: { createdById: seller.id }, include: { lines: true } });
  expect(quote).toMatchObject({
    clientId: client.id,
    subtotalFils: 1_129_360n,
    vatFils: 43_093n,
    exchangeCreditFils: 233_984n,
    totalFils: 938_469n,
  });
  await expect(page.getByTestId("quote-number")).toHaveText(quote.number);
  await expect(page.getByTestId("quote-total")).toHaveText("9,384.69 د.إ");
  await expect(page.getByTestId("quote-line-row").nth(1)).toContainText("0٪ (ذهب استثماري)");
  await expect(page.getByText("استخدم أمر الطباعة في المتصفح")).toBeVisible();
  await fitsThePhone(page);

  // Printed, it is one A4 page.
  await page.emulateMedia({ media: "print" });
  const pdf = (await page.pdf({ format: "A4", printBackground: true })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: "screen" });

  // Turned into a sale: the client's sale form with the pieces, priced with their VAT, and the quote's number.
  await page.getByRole("link", { name: "تحويل إلى عملية بيع" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${client.id}/sale\\?quote=`));
  await expect(page.getByLabel("الوصف (اختياري)")).toHaveValue(new RegExp(quote.number));
  await fitsThePhone(page);
  await page.getByRole("button", { name: "تسجيل البيع" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${client.id}$`));
  const sale = await db.sale.findFirstOrThrow({ where: { clientId: client.id }, include: { items: true } });
  expect(sale.amountFils).toBe(1_129_360n + 43_093n);
  expect(sale.description).toContain(quote.number);
  expect(sale.items.map((i) => i.category)).toEqual(["bangle", "coin_bar"]);
  // The coin is zero-rated: its price is its line total alone.
  expect(sale.items[1]!.priceFils).toBe(267_500n);

  // The client's details list the quote.
  await expect(page.getByTestId("client-quotes")).toContainText(quote.number);
});
