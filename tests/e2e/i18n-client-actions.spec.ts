import type { Page } from "@playwright/test";
import {
  addClient,
  arabicStaff,
  db,
  expect,
  expectArabicDocument,
  test,
  waitForHydration,
} from "../support/e2e/fixtures";
import { visibleLatinWords } from "../support/e2e/latin-words";

// The client book's action screens in Arabic (docs/decisions/021-arabic-and-english.md), with JavaScript on and
// off: right to left, Arabic texts, and no English left but the names people typed (in <bdi>).

const run = `Ca${Date.now().toString(36)}`;
/**
 * The shell's, not these screens': the language switch names English in English, and the toast region's
 * label is Radix's default ("Notifications") until the shell gives it one.
 */
const SHELL_WORDS = ["English", "Notifications"];
const latinWords = (page: Page, allow: readonly string[] = [], within?: string) =>
  visibleLatinWords(page, [...SHELL_WORDS, ...allow], within);

async function aClient(actor: { id: string; name: string }, fullName: string, fullNameAr?: string) {
  return addClient(actor, { fullName: `${run} ${fullName}`, fullNameAr });
}

for (const js of [true, false]) {
  test.describe(`the client book's action screens in Arabic, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("Record a sale and New follow-up: Arabic labels and refusals, the client's Arabic name", async ({
      page,
      context,
    }) => {
      const { user } = await arabicStaff(context, "sales_front", `نورة ${js ? "الأولى" : "الثانية"}`);
      const client = await aClient(user, `Aisha ${js}`, `عائشة ${js ? "الأولى" : "الثانية"}`);

      await page.goto(`/customers/${client.id}/sale`);
      await expectArabicDocument(page);
      await expect(page).toHaveTitle("تسجيل عملية بيع | Jewel CRM");
      await expect(page.getByRole("heading", { name: "تسجيل عملية بيع" })).toBeVisible();
      await expect(page.getByText(`عائشة ${js ? "الأولى" : "الثانية"}`)).toBeVisible();
      await expect(page.getByLabel("المعرض")).toContainText("سوق الذهب في دبي");
      expect(await latinWords(page)).toEqual([]);

      if (js) await waitForHydration(page);
      const firstItem = page.getByTestId("sale-item").first();
      await firstItem.getByLabel("الفئة").selectOption("ring");
      await firstItem.getByLabel("السعر (د.إ)").fill("abc");
      await page.getByRole("button", { name: "تسجيل البيع" }).click();
      await expect(page.getByTestId("sale-errors")).toContainText("القطعة 1، السعر: أدخل السعر بالدرهم");
      expect(await latinWords(page)).toEqual([]);

      await page.goto(`/customers/${client.id}/follow-up`);
      await expectArabicDocument(page);
      await expect(page.getByRole("heading", { name: "متابعة جديدة" })).toBeVisible();
      await expect(page.getByLabel("من يتولى المتابعة")).toBeVisible();
      await expect(page.getByRole("button", { name: "جدولة المتابعة" })).toBeVisible();
      expect(await latinWords(page)).toEqual([]);
    });

    test("Erase this client and the deleted clients: English-only names stay as typed, in <bdi>", async ({
      page,
      context,
    }) => {
      const { user } = await arabicStaff(context, "admin", `هدى ${js ? "الأولى" : "الثانية"}`);
      const english = await aClient(user, `Omar ${js ? "Scripted" : "Plain"}`);
      const arabic = await aClient(user, `Salem ${js}`, `سالم ${js ? "الأول" : "الثاني"}`);
      await db.client.updateMany({
        where: { id: { in: [english.id, arabic.id] } },
        data: { deletedAt: new Date(), deletedById: user.id },
      });

      await page.goto(`/customers/deleted?q=${encodeURIComponent(run)}`);
      await expectArabicDocument(page);
      const dialog = page.getByRole("dialog", { name: "العملاء المحذوفون" });
      await expect(dialog.getByRole("button", { name: "استعادة المحدد" })).toBeVisible();
      await expect(dialog.getByRole("columnheader", { name: "رقم الهاتف المتحرك" })).toBeVisible();
      await expect(dialog.getByRole("cell", { name: `سالم ${js ? "الأول" : "الثاني"}`, exact: true })).toBeVisible();
      // The restore box of a client without an Arabic name (this test's or the other run's) is read with the name
      // as typed.
      const typedNames = `${run} Omar Scripted Plain`.match(/[A-Za-z]{2,}/g) ?? [];
      expect(await latinWords(page, typedNames, '[role="dialog"]')).toEqual([]);

      await page.goto(`/customers/${english.id}/erase`);
      await expectArabicDocument(page);
      await expect(page.getByRole("heading", { name: "محو بيانات هذا العميل" })).toBeVisible();
      await expect(page.getByText("لا يمكن التراجع عن هذا الإجراء.")).toBeVisible();
      await expect(page.getByLabel("اكتب الاسم الكامل للعميل للتأكيد")).toBeVisible();
      expect(await latinWords(page)).toEqual([]);
      if (js) await waitForHydration(page);
      await page.getByLabel("اكتب الاسم الكامل للعميل للتأكيد").fill("Someone Else");
      await page.getByLabel("الرمز المكوّن من 6 أرقام من تطبيق المصادقة").fill("123456");
      await page.getByRole("button", { name: "محو بيانات هذا العميل" }).click();
      await expect(page.getByText("اكتب الاسم الكامل للعميل تمامًا كما هو معروض للتأكيد")).toBeVisible();
      expect(await latinWords(page)).toEqual([]);

      // Opened with nothing ticked, the deletion prompt says how to start.
      await page.goto("/customers/delete");
      const prompt = page.getByRole("dialog", { name: "التحقق الأمني" });
      await expect(prompt).toContainText("حدّد العملاء المراد حذفهم في القائمة");
      expect(await latinWords(page, [], '[role="dialog"]')).toEqual([]);
    });
  });
}

test("at 360 px the sale form fits and stays Arabic", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { user } = await arabicStaff(context, "sales_front", "مريم الضيقة");
  const client = await aClient(user, "Narrow", "ضيق");
  await page.goto(`/customers/${client.id}/sale`);
  await expectArabicDocument(page);
  await expect(page.getByRole("button", { name: "إضافة قطعة أخرى" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await latinWords(page)).toEqual([]);
});
