import type { Page } from "@playwright/test";
import { createStaff, db, expect, signInContext, test, waitForHydration } from "./support/fixtures";
import { visibleLatinWords } from "./support/latin-words";

// Import Data and the sales report in Arabic (docs/decisions/021-arabic-and-english.md), with JavaScript on
// and off: right to left, Arabic texts, and no English left but what people typed (names, file names) and
// numbers.

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);

async function arabicStaff(name: string) {
  const staff = await createStaff("admin", name);
  await db.user.update({ where: { id: staff.user.id }, data: { language: "ar" } });
  return staff;
}

/**
 * What the shell shows in Latin letters and is not these screens' to change: the language switch names
 * English in English, the top bar shows the signed-in user's name, the toast region keeps Radix's
 * "Notifications" label and a notification's time is the browser's toLocaleTimeString (reported to the
 * shell's owner).
 */
const shellWords = (staffName: string) => ["English", "Notifications", "AM", "PM", ...staffName.split(" ")];

async function expectArabicDocument(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

/** A client file with an English-named and an Arabic-named client, a repeated mobile and a row with an error. */
function clientFile(suffix: string): Buffer {
  const [english, arabic] = [`05${suffix.slice(-4)}1001`, `05${suffix.slice(-4)}1002`];
  return Buffer.from(
    [
      "Full Name,Full Name (Arabic),Mobile Number,Team",
      `Khalid Ahmed ${suffix},,${english},Team A`,
      `Aisha ${suffix},عائشة الكعبي ${suffix},${arabic},Team B`,
      `Khalid Twin ${suffix},,${english},Team A`,
      `No Mobile ${suffix},,,Team A`,
    ].join("\n"),
  );
}

/** A sale in 2018 by an English-named associate at a showroom, with a ring: every chart has a row. */
async function saleBy(userId: string) {
  const mobileNumber = `9715${unique()}`;
  const client = await db.client.create({
    data: { fullName: "Sara Buyer", fullNameAr: "سارة", mobileNumber, searchText: `sara buyer ${mobileNumber}` },
  });
  const saleDate = new Date("2018-05-10T00:00:00Z");
  await db.sale.create({
    data: {
      clientId: client.id,
      saleDate,
      amountFils: 250_000n,
      showroom: "dubai_mall",
      soldById: userId,
      items: { create: [{ category: "ring", priceFils: 250_000n, position: 0, saleDate }] },
    },
  });
}

for (const js of [true, false]) {
  test.describe(`Arabic imports and reports with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("Import Data reads in Arabic, before and after an import", async ({ page, context }) => {
      const name = js ? "Latifa Import" : "لطيفة الاستيراد";
      const staff = await arabicStaff(name);
      await signInContext(context, staff.user.id);
      await page.goto("/import-data");
      await expectArabicDocument(page);
      await expect(page).toHaveTitle("استيراد البيانات | Jewel CRM");
      await expect(page.getByRole("heading", { name: "استيراد بيانات العملاء" })).toBeVisible();
      await expect(page.getByRole("link", { name: "تنزيل نموذج زوهو" })).toBeVisible();
      if (js) await waitForHydration(page);
      expect(await visibleLatinWords(page, shellWords(name))).toEqual([]);

      const suffix = unique();
      await page
        .locator("#client-file")
        .setInputFiles({ name: `clients-${suffix}.csv`, mimeType: "text/csv", buffer: clientFile(suffix) });
      await page.getByRole("button", { name: "استيراد العملاء" }).click();
      const result = page.getByTestId("client-result");
      await expect(result.getByRole("heading", { name: "اكتمل الاستيراد" })).toBeVisible({ timeout: 30_000 });
      await expect(result).toContainText("تم استيراد عميلين جديدين.");
      await expect(result.getByTestId("skipped-list")).toContainText("يكرر الصف 2 من هذا الملف");
      await expect(result.getByTestId("error-list")).toContainText("الصف 5: ");
      await expect(page.getByTestId("client-last-import")).toContainText("آخر استيراد:");
      expect(await visibleLatinWords(page, shellWords(name))).toEqual([]);
    });

    test("the sales report reads in Arabic, its charts drawn from the right", async ({ page, context }) => {
      const name = js ? "Mariam Al Nuaimi" : "مريم النعيمي";
      const staff = await arabicStaff(name);
      await saleBy(staff.user.id);
      await signInContext(context, staff.user.id);
      await page.goto("/reports?from=2018-01-01&to=2018-12-31");
      await expectArabicDocument(page);
      await expect(page).toHaveTitle("تقرير المبيعات | Jewel CRM");
      await expect(page.getByRole("heading", { name: "المبيعات حسب المعرض" })).toBeVisible();
      await expect(page.getByTestId("report-showroom").getByRole("rowheader", { name: "دبي مول" })).toBeVisible();
      await expect(page.getByTestId("report-category").getByRole("rowheader", { name: "خاتم" })).toBeVisible();
      await expect(page.getByTestId("report-month").getByRole("rowheader", { name: "مايو 2018" })).toBeVisible();
      expect(await visibleLatinWords(page, shellWords(name))).toEqual([]);

      // A wrong period is said in Arabic.
      await page.getByLabel("من", { exact: true }).fill("2018-12-31");
      await page.getByLabel("إلى", { exact: true }).fill("2018-01-01");
      await page.getByRole("button", { name: "عرض التقرير" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "تاريخ البداية" })).toBeVisible();
      expect(await visibleLatinWords(page, shellWords(name))).toEqual([]);
    });
  });
}

test("the sales report in Arabic on a 360 px phone", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const name = "Reem Phone";
  const staff = await arabicStaff(name);
  await saleBy(staff.user.id);
  await signInContext(context, staff.user.id);
  await page.goto("/reports?from=2018-01-01&to=2018-12-31");
  await waitForHydration(page);
  await expectArabicDocument(page);
  await expect(page.getByRole("heading", { level: 1, name: "تقرير المبيعات" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The avatar's initials too.
  expect(await visibleLatinWords(page, [...shellWords(name), "RP"])).toEqual([]);
});
