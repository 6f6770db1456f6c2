import { insertLeadClient } from "../support/lead-clients";
import { arabicStaff, db, expect, expectArabicDocument, test, waitForHydration } from "../support/e2e/fixtures";
import { visibleLatinWords } from "../support/e2e/latin-words";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

// Import Data, the sales report and the AI Assistant in Arabic (docs/decisions/021-arabic-and-english.md), with JavaScript on
// and off: right to left, Arabic texts, and no English left but what people typed (names, file names) and
// numbers.

/**
 * What the shell shows in Latin letters and is not these screens' to change: the language switch names
 * English in English, the top bar shows the signed-in user's name, the toast region keeps Radix's
 * "Notifications" label and a notification's time is the browser's toLocaleTimeString (reported to the
 * shell's owner).
 */
const shellWords = (staffName: string) => ["English", "Notifications", "AM", "PM", ...staffName.split(" ")];

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
  const mobileNumber = nextMobile();
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

/**
 * Two clients in a location and team no other spec uses, so they are the whole list: one with an Arabic
 * name, one with an English name only.
 */
async function seedLeads(tag: string) {
  const options = { country: "kuwait", team: "team_c", purchases: 4, lastPurchaseDaysAgo: 140 };
  const arabic = await insertLeadClient(db, {
    ...options,
    name: `Shamma ${tag} Al Dhaheri`,
    totalAed: 900_000,
    birthdayInDays: 3,
  });
  await db.client.update({ where: { id: arabic.id }, data: { fullNameAr: `شما الظاهري ${tag}` } });
  const english = await insertLeadClient(db, { ...options, name: `Omar ${tag} Saleh`, totalAed: 400_000 });
  return { arabicName: `شما الظاهري ${tag}`, englishName: english.fullName };
}

for (const js of [true, false]) {
  test.describe(`Arabic imports, reports and leads with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the AI Assistant's filters, lead cards and scheduling read in Arabic", async ({ page, context }) => {
      const name = js ? "Noura Leads" : "نورة";
      await arabicStaff(context, "admin", name);
      const tag = uniqueDigits();
      const { arabicName, englishName } = await seedLeads(tag);
      await page.goto("/ai-assistant");
      await expectArabicDocument(page);
      await expect(page).toHaveTitle("المساعد الذكي | Jewel CRM");
      if (js) await waitForHydration(page);
      await expect(page.getByText("لم تُنشأ قائمة عملاء محتملين بعد")).toBeVisible();
      expect(await visibleLatinWords(page, shellWords(name))).toEqual([]);

      await page.getByLabel("الموقع").selectOption("kuwait");
      await page.getByLabel("الفريق").selectOption("team_c");
      await page.getByRole("button", { name: "إنشاء قائمة بالذكاء الاصطناعي" }).click();
      const arabicCard = page.getByTestId("lead-card").filter({ has: page.getByRole("heading", { name: arabicName }) });
      await expect(arabicCard).toBeVisible({ timeout: 30_000 });
      await expect(arabicCard).toContainText("لماذا الآن: ");
      await expect(arabicCard).toContainText("عيد الميلاد بعد 3 أيام");
      // The engine's suggestion for the birthday, said from its code; the team's products are the shop's text.
      await expect(arabicCard.getByRole("list", { name: "المنتجات المقترحة" })).toContainText("تعليقة بحجر الميلاد");
      await expect(page.getByRole("heading", { name: englishName })).toBeVisible();
      // The WhatsApp button (the client book's) still names itself and the client in its aria-label.
      const allowed = [...shellWords(name), "WhatsApp", ...englishName.split(" "), ...arabicName.split(" ")];
      expect(await visibleLatinWords(page, allowed)).toEqual([]);

      await arabicCard.getByRole("link", { name: `جدولة متابعة مع ${arabicName}` }).click();
      const dialog = page.getByRole("dialog", { name: "جدولة متابعة" });
      await expect(dialog.getByLabel("تاريخ المتابعة")).toBeVisible();
      expect(await visibleLatinWords(page, allowed)).toEqual([]);
      await dialog.getByRole("button", { name: "جدولة المتابعة" }).click();
      await expect(page.getByText("جُدولت المتابعة").first()).toBeVisible();
    });

    test("the custom last-purchase filter asks for its day in Arabic", async ({ page, context }) => {
      await arabicStaff(context, "admin");
      await page.goto("/ai-assistant");
      if (js) await waitForHydration(page);
      await page.getByLabel("الموقع").selectOption("kuwait");
      await page.getByLabel("آخر شراء", { exact: true }).selectOption("custom");
      await page.getByRole("button", { name: "إنشاء قائمة بالذكاء الاصطناعي" }).click();
      // The schema's code, said by the browser's check with JavaScript and by the page's action without.
      await expect(page.getByText("اختر التاريخ الذي يجب أن يسبقه آخر شراء")).toBeVisible();
    });

    test("Import Data reads in Arabic, before and after an import", async ({ page, context }) => {
      const name = js ? "Latifa Import" : "لطيفة الاستيراد";
      await arabicStaff(context, "admin", name);
      await page.goto("/import-data");
      await expectArabicDocument(page);
      await expect(page).toHaveTitle("استيراد البيانات | Jewel CRM");
      await expect(page.getByRole("heading", { name: "استيراد بيانات العملاء" })).toBeVisible();
      await expect(page.getByRole("link", { name: "تنزيل نموذج زوهو" })).toBeVisible();
      if (js) await waitForHydration(page);
      expect(await visibleLatinWords(page, shellWords(name))).toEqual([]);

      const suffix = uniqueDigits();
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

    test("a purchase history's invoice already recorded names its showroom in Arabic", async ({ page, context }) => {
      await arabicStaff(context, "admin", js ? "Hessa Import" : "حصة الاستيراد");
      const suffix = uniqueDigits();
      const mobile = `05${suffix.slice(-4)}2001`;
      const client = await db.client.create({
        data: { fullName: `Noura ${suffix}`, mobileNumber: `971${mobile.slice(1)}`, searchText: `noura ${suffix}` },
      });
      const saleDate = new Date("2026-01-10T00:00:00Z");
      await db.sale.create({
        data: {
          clientId: client.id,
          saleDate,
          amountFils: 50_000n,
          showroom: "dubai_mall",
          invoiceNo: `DM-${suffix}`,
          liveInvoiceNo: `DM-${suffix}`,
        },
      });
      const file = [
        "Customer Name,Mobile,Team,Invoice No,Invoice Date,Store,Item Type,Price",
        `Noura ${suffix},${mobile},Team A,DM-${suffix},2026-01-10,Dubai Mall,Ring,500`,
      ].join("\n");
      await page.goto("/import-data");
      if (js) await waitForHydration(page);
      await page
        .locator("#client-file")
        .setInputFiles({ name: `pos-${suffix}.csv`, mimeType: "text/csv", buffer: Buffer.from(file) });
      await page.getByRole("button", { name: "استيراد العملاء" }).click();
      const skipped = page.getByTestId("client-result").getByTestId("skipped-list");
      await expect(skipped).toContainText(`الفاتورة DM-${suffix} في دبي مول مسجلة مسبقًا`, { timeout: 30_000 });
      await expect(skipped).not.toContainText("Dubai Mall");
    });

    test("the sales report reads in Arabic, its charts drawn from the right", async ({ page, context }) => {
      const name = js ? "Mariam Al Nuaimi" : "مريم النعيمي";
      const staff = await arabicStaff(context, "admin", name);
      await saleBy(staff.user.id);
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
  const staff = await arabicStaff(context, "admin", name);
  await saleBy(staff.user.id);
  await page.goto("/reports?from=2018-01-01&to=2018-12-31");
  await waitForHydration(page);
  await expectArabicDocument(page);
  await expect(page.getByRole("heading", { level: 1, name: "تقرير المبيعات" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The avatar's initials too.
  expect(await visibleLatinWords(page, [...shellWords(name), "RP"])).toEqual([]);
});
