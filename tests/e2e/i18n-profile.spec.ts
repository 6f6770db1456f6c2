import type { Page } from "@playwright/test";
import { visibleLatinWords } from "../support/e2e/latin-words";
import { arabicStaff, db, expect, expectArabicDocument, test, waitForHydration } from "../support/e2e/fixtures";
import { MESSAGE_OCCASIONS } from "~/domain/message-templates";

// The profile, its admin pages, user management and the account screens in Arabic (docs/decisions/021-arabic-and-
// english.md), with JavaScript on and off: right to left, Arabic texts, and no English left. What people typed (staff
// names and e-mails) may stay as typed; the e2e database is shared, so lists hold other specs' English-named staff.

async function expectArabic(page: Page, js: boolean) {
  if (js) await waitForHydration(page);
  await expectArabicDocument(page);
}

/** The Latin words of texts people typed, which a page may show as they are. */
const wordsOf = (...texts: string[]) => texts.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []);

/** The top bar's switch names the other language in itself. */
const SWITCH = ["English"];

/** The placeholders inside the Arabic message texts, which are the admin's data (and {code} in the hints). */
const PLACEHOLDERS = [...new Set(Object.values(MESSAGE_OCCASIONS).flatMap((spec) => spec.placeholders))];

/** Every staff member's name: the log's user filter and the handover lists name them all. */
async function everyonesNames() {
  return wordsOf(...(await db.user.findMany({ select: { name: true } })).map((u) => u.name));
}

/**
 * The admin's session past the user-management gate (the gate has its own tests in users.spec.ts), and two
 * colleagues to manage: one named in Arabic who signs in with one-time codes, one named in English with no device.
 */
async function userManagement(page: Page, js: boolean, adminId: string) {
  await db.session.updateMany({
    where: { userId: adminId },
    data: { adminUnlockedUntil: new Date(Date.now() + 15 * 60_000) },
  });
  const tag = `${Date.now()}`;
  const arabicName = `سلامة الظاهري ${tag}`;
  const englishName = `Omar Haddad ${tag}`;
  const salama = await db.user.create({
    data: { name: arabicName, email: `salama.${tag}@jewel.test`, role: "road_sales", authType: "otp" },
  });
  const omar = await db.user.create({
    data: { name: englishName, email: `omar.${tag}@jewel.test`, role: "sales_back", department: "Showroom" },
  });
  const openList = async () => {
    await page.goto(`/profile/users?q=${tag}`);
    await expectArabic(page, js);
    return page.getByRole("dialog", { name: "إدارة المستخدمين" });
  };
  // What was typed may show as typed, and the cards' avatars show the initials ("OH").
  const typed = [...SWITCH, ...wordsOf(englishName, "Showroom", salama.email, omar.email), "OH"];
  return { openList, arabicName, englishName, typed };
}

for (const js of [true, false]) {
  test.describe(`profile and account screens in Arabic, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the profile and its admin pages", async ({ page, context }) => {
      await arabicStaff(context, "admin");
      await page.goto("/profile");
      await expectArabic(page, js);
      await expect(page.getByRole("heading", { level: 1, name: "الملف الشخصي" })).toBeVisible();
      await expect(page.getByRole("region", { name: "الأمان" })).toContainText("وصول كامل إلى النظام");
      await expect(page).toHaveTitle("الملف الشخصي | Jewel CRM");
      expect(await visibleLatinWords(page, SWITCH)).toEqual([]);

      await page.getByRole("link", { name: /سجلات النظام/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "سجلات النظام" })).toBeVisible();
      await expectArabic(page, js);
      await expect(page.getByRole("columnheader", { name: "الإجراء" })).toBeVisible();
      expect(await visibleLatinWords(page, [...SWITCH, ...(await everyonesNames())])).toEqual([]);

      await page.goto("/profile/retention");
      await expectArabic(page, js);
      await expect(page.getByLabel("محو العملاء المحذوفين بعد (بالأيام)")).toBeVisible();
      await expect(page.getByTestId("retention-due")).toContainText("العملاء المحذوفون المطلوب محوهم:");
      expect(await visibleLatinWords(page, SWITCH)).toEqual([]);

      await page.goto("/profile/messages");
      await expectArabic(page, js);
      const group = page.getByRole("group", { name: "عيد الميلاد، في يومه", exact: true });
      await expect(group.getByRole("textbox", { name: "العربية" })).toHaveAttribute("dir", "rtl");
      await expect(group.getByRole("textbox", { name: "الإنجليزية" })).toHaveAttribute("dir", "ltr");
      expect(await visibleLatinWords(page, [...SWITCH, ...PLACEHOLDERS])).toEqual([]);
    });

    test("user management: the gate, the list, Add User and Edit User", async ({ page, context }) => {
      const admin = await arabicStaff(context, "admin");
      await page.goto("/profile/users");
      await expectArabic(page, js);
      const gate = page.getByRole("dialog", { name: "يلزم تحقق المدير" });
      await expect(gate.getByLabel("رمز تطبيق المصادقة")).toHaveAttribute("dir", "ltr");
      expect(await visibleLatinWords(page, SWITCH)).toEqual([]);

      const { openList, arabicName, englishName, typed } = await userManagement(page, js, admin.user.id);
      const list = await openList();
      await expect(list.getByText("مستخدمان")).toBeVisible();
      const card = list.getByTestId("user-card").filter({ hasText: englishName });
      await expect(card).toContainText("مبيعات المكتب");
      await expect(card).toContainText("لم يُربط أي جهاز بعد");
      await expect(list.getByTestId("user-card").filter({ hasText: arabicName })).toContainText(
        "رمز لمرة واحدة يُصدره المدير",
      );
      expect(await visibleLatinWords(page, typed)).toEqual([]);

      await list.getByRole("link", { name: "إضافة مستخدم" }).click();
      const add = page.getByRole("dialog", { name: "إضافة مستخدم" });
      await expect(add.getByLabel("تطبيق المصادقة من مايكروسوفت")).toBeChecked();
      expect(await visibleLatinWords(page, typed)).toEqual([]);

      await (await openList()).getByRole("link", { name: `تعديل ${englishName}` }).click();
      const edit = page.getByRole("dialog", { name: "تعديل المستخدم" });
      await expect(edit.getByTestId("user-auth-type")).toHaveText("تطبيق المصادقة من مايكروسوفت");
      await expect(edit.getByText("لا يوجد تطبيق مصادقة مرتبط.")).toBeVisible();
      expect(await visibleLatinWords(page, typed)).toEqual([]);
    });

    test("user management: Delete User, the one-time code and the authenticator setup", async ({ page, context }) => {
      const admin = await arabicStaff(context, "admin");
      const { openList, arabicName, englishName, typed } = await userManagement(page, js, admin.user.id);

      await (await openList()).getByRole("link", { name: `حذف ${englishName}` }).click();
      await expect(page.getByRole("dialog", { name: "حذف المستخدم" })).toContainText("يفقد");
      expect(await visibleLatinWords(page, typed)).toEqual([]);

      await (await openList()).getByRole("button", { name: `إنشاء رمز لمرة واحدة لـ ${arabicName}` }).click();
      const oneTime = page.getByRole("dialog", { name: "رمز تسجيل دخول لمرة واحدة" });
      await expect(oneTime.getByTestId("one-time-code")).toHaveText(/^\d{6}$/);
      await expect(oneTime.getByText(/^سلّم هذا الرمز إلى/)).toContainText(arabicName);
      expect(await visibleLatinWords(page, typed)).toEqual([]);

      await (await openList()).getByRole("button", { name: `إعداد تطبيق المصادقة لـ ${englishName}` }).click();
      const setup = page.getByRole("dialog", { name: `إعداد تطبيق المصادقة لـ ${englishName}` });
      await expect(setup.getByText("امسح رمز الاستجابة السريعة بتطبيق المصادقة", { exact: true })).toBeVisible();
      await expect(setup.getByLabel("الرمز المكوّن من 6 أرقام من التطبيق")).toHaveAttribute("dir", "ltr");
      expect(await visibleLatinWords(page, typed)).toEqual([]);
    });

    test("a salesperson's own authenticator and security pages", async ({ page, context }) => {
      await arabicStaff(context, "sales_back");
      await page.goto("/account/authenticator");
      await expectArabic(page, js);
      await expect(page.getByRole("heading", { level: 1, name: "تطبيق المصادقة" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "أجهزتك المرتبطة" })).toBeVisible();
      await expect(page.getByLabel("الرمز من تطبيق المصادقة الحالي")).toBeVisible();
      expect(await visibleLatinWords(page, SWITCH)).toEqual([]);

      await page.goto("/account/security");
      await expectArabic(page, js);
      await expect(page.getByText("هذه الجلسة", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "تسجيل الخروج من كل مكان" })).toBeVisible();
      expect(await visibleLatinWords(page, SWITCH)).toEqual([]);
    });
  });
}

test("the profile fits a 360-pixel phone in Arabic", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await arabicStaff(context, "admin");
  await page.goto("/profile");
  await expectArabic(page, true);
  await expect(page.getByRole("heading", { level: 1, name: "الملف الشخصي" })).toBeVisible();
  await expect(page.getByRole("link", { name: /إدارة المستخدمين/ })).toBeVisible();
  expect(await visibleLatinWords(page, SWITCH)).toEqual([]);
  // Nothing runs off the side of the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
