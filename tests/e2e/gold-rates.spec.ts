import { shopClock } from "~/domain/gold-rates";
import { arabicStaff, db, expect, expectArabicDocument, signInAs, test } from "../support/e2e/fixtures";

/**
 * Issue #46 item 1: an admin enters the rate of the day in Arabic, with JavaScript off and at phone width; a
 * seller's top bar shows it at once, just 22K on a phone.
 */
const PHONE = { javaScriptEnabled: false, viewport: { width: 360, height: 740 } };
test.use(PHONE);

test("an admin enters the rates in Arabic and a seller sees them in the top bar", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const { user: admin } = await arabicStaff(context, "admin");
  await page.goto("/profile");
  // Before any rate, an admin's top bar offers the form too ("أدخل سعر اليوم"); this is Profile's link.
  await expect(page.getByTestId("gold-rate-line")).toHaveCount(0);
  await page.getByRole("link", { name: /^سعر اليوم/ }).click();
  await expect(page).toHaveURL(/\/profile\/gold-rates$/);
  await expectArabicDocument(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("سعر اليوم");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // 22K left blank: refused under its field, in Arabic, and nothing is stored.
  const before = await db.goldRate.count();
  await page.getByLabel("ذهب عيار 24، درهم للغرام").fill("262.50");
  await page.getByLabel("ذهب عيار 22، درهم للغرام").fill("");
  await page.getByLabel("ذهب عيار 21، درهم للغرام").fill("232.25");
  await page.getByLabel("ذهب عيار 18، درهم للغرام").fill("199");
  await page.getByRole("button", { name: "حفظ الأسعار" }).click();
  await expect(page.getByText("أدخل سعر الغرام بالدرهم")).toBeVisible();
  expect(await db.goldRate.count()).toBe(before);

  // What was typed is kept; 22K added, it is saved.
  await expect(page.getByLabel("ذهب عيار 24، درهم للغرام")).toHaveValue("262.50");
  await page.getByLabel("ذهب عيار 22، درهم للغرام").fill("243.25");
  await page.getByRole("button", { name: "حفظ الأسعار" }).click();
  await expect(page.getByTestId("gold-rate-history").locator("li").first()).toContainText("243.25 د.إ");
  const entry = await db.goldRate.findFirstOrThrow({
    where: { enteredById: admin.id },
    orderBy: { createdAt: "desc" },
  });
  expect(entry).toMatchObject({ karat24Fils: 26250n, karat22Fils: 24325n, karat18Fils: 19900n, platinumFils: null });
  const time = shopClock(entry.effectiveAt, "Asia/Dubai");

  // The admin's own top bar, in Arabic: today's rate, 22K only on the phone.
  const adminLine = page.getByTestId("gold-rate-line");
  await expect(adminLine).toHaveAttribute("data-age", "today");
  await expect(adminLine.getByText("عيار 22: 243.25 د.إ/غ")).toBeVisible();
  await expect(adminLine.getByText("عيار 24: 262.50 د.إ/غ")).toBeHidden();

  // A seller, on another phone, sees the line on the client book.
  const sellerContext = await browser.newContext(PHONE);
  const sellerPage = await sellerContext.newPage();
  await signInAs(sellerContext, "sales_front");
  await sellerPage.goto("/customers");
  const line = sellerPage.getByTestId("gold-rate-line");
  await expect(line).toHaveAttribute("data-age", "today");
  await expect(line.getByText("22K AED 243.25/g")).toBeVisible();
  await expect(line.getByText(`· ${time}`)).toBeVisible();
  await expect(line.getByText("24K AED 262.50/g")).toBeHidden();
  await expect(line.getByText("Yesterday's rate")).toHaveCount(0);
  // The line fits the phone, and the seller has no way to the form.
  expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(line.getByRole("link")).toHaveCount(0);
  expect((await sellerPage.goto("/profile/gold-rates"))?.status()).toBe(403);
  await sellerContext.close();
});
