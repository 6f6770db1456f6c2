import type { Page } from "@playwright/test";
import { shortDayLabel } from "~/domain/alerts";
import { businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import { createStaff, db, expect, signInContext, test, waitForHydration } from "../support/e2e/fixtures";
import { visibleLatinWords } from "../support/e2e/latin-words";

// Arabic and English (docs/decisions/021-arabic-and-english.md): the top bar's switch is a plain form, so the
// same steps run with JavaScript on and off.

/** The switch shown at this width (the top bar has one for phones and one for desktops). */
const languageSwitch = (page: Page) => page.locator('[data-testid="language-switch"]:visible');

async function switchLanguage(page: Page, js: boolean) {
  if (js) await waitForHydration(page);
  await languageSwitch(page).click();
}

async function expectDocument(page: Page, lang: "en" | "ar") {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
}

async function checkSignInPage(page: Page, js: boolean, email: string) {
  await page.goto("/login?change=1");
  await expectDocument(page, "en");
  await switchLanguage(page, js);
  await expectDocument(page, "ar");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("البريد الإلكتروني للعمل").fill(email);
  await page.getByRole("button", { name: "متابعة" }).click();
  await expect(page.getByText("أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.")).toBeVisible();
  // The six boxes keep left-to-right order: a code is a number.
  const group = page.getByRole("group", { name: "رمز تطبيق المصادقة" });
  await expect(group).toHaveAttribute("dir", "ltr");
  const first = await page.getByLabel("الرقم 1", { exact: true }).boundingBox();
  const last = await page.getByLabel("الرقم 6", { exact: true }).boundingBox();
  expect(first!.x).toBeLessThan(last!.x);
  expect(await visibleLatinWords(page)).toEqual([]);
}

for (const js of [true, false]) {
  test.describe(`language switch with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the sign-in page switches to Arabic, right to left, with the code boxes left to right", async ({ page }) => {
      const staff = await createStaff("sales_front");
      await checkSignInPage(page, js, staff.user.email);
    });

    test("the top bar switches the app to Arabic and back, and the choice follows the user", async ({
      page,
      context,
      browser,
    }) => {
      const staff = await createStaff("admin", js ? "Mariam Al Nuaimi" : "Fatima Al Ketbi");
      await signInContext(context, staff.user.id);
      await page.goto("/dashboard");
      await expectDocument(page, "en");
      const viewport = page.viewportSize()!;
      const englishSidebar = page.getByRole("complementary", { name: "Main navigation" });
      expect((await englishSidebar.boundingBox())!.x).toBeLessThan(2);

      await switchLanguage(page, js);
      await expectDocument(page, "ar");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("أهلًا بعودتك");
      await expect(page).toHaveTitle("لوحة التحكم | Jewel CRM");
      await expect(page.getByRole("heading", { name: "توزيع العملاء حسب الفئة" })).toBeVisible();
      await expect(page.getByRole("link", { name: "لوحة التحكم" })).toBeVisible();
      // The sidebar is on the right.
      const arabicSidebar = (await page.getByRole("complementary", { name: "التنقل الرئيسي" }).boundingBox())!;
      expect(arabicSidebar.x + arabicSidebar.width).toBeGreaterThan(viewport.width - 2);
      expect(arabicSidebar.x).toBeGreaterThan(viewport.width / 2);
      expect((await db.user.findUniqueOrThrow({ where: { id: staff.user.id } })).language).toBe("ar");
      // No English left on the admin's dashboard, whatever the other tests' clients are called.
      expect(await visibleLatinWords(page)).toEqual([]);

      // Saved on the user: another browser, English and without the cookie, opens in Arabic.
      const elsewhere = await browser.newContext({ javaScriptEnabled: js, locale: "en-GB" });
      await signInContext(elsewhere, staff.user.id);
      const other = await elsewhere.newPage();
      await other.goto("/dashboard");
      await expectDocument(other, "ar");
      await elsewhere.close();

      // Back to English from the top bar: the sidebar returns to the left.
      await switchLanguage(page, js);
      await expectDocument(page, "en");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome back");
      expect((await englishSidebar.boundingBox())!.x).toBeLessThan(2);
      expect((await db.user.findUniqueOrThrow({ where: { id: staff.user.id } })).language).toBe("en");
    });

    test("the dashboard names a client in Arabic on an Arabic page, by the English name on an English one", async ({
      page,
      context,
    }) => {
      const staff = await createStaff("sales_front");
      await signInContext(context, staff.user.id);
      const suffix = `${Date.now()}`.slice(-8);
      const fullName = `Hessa Al Marri ${suffix}`;
      const fullNameAr = `حصة المري ${suffix}`;
      // 1992 was a leap year, so any month and day is a valid birthday.
      const dateOfBirth = dateFromIso(`1992-${businessToday().slice(5)}`);
      await db.client.create({
        data: {
          fullName,
          fullNameAr,
          preferredLanguage: "ar",
          mobileNumber: `9715${suffix}`,
          searchText: `${fullName} ${suffix}`.toLowerCase(),
          dateOfBirth,
          birthMonthDay: monthDayOf(dateOfBirth),
          ownerId: staff.user.id,
        },
      });
      const birthdays = page.getByTestId("birthday-alerts");
      await page.goto("/dashboard");
      await expect(birthdays.getByRole("link", { name: fullName, exact: true })).toBeVisible();
      await expect(page.getByTestId("my-day").getByRole("link", { name: fullName, exact: true })).toBeVisible();

      await switchLanguage(page, js);
      await expectDocument(page, "ar");
      const alert = birthdays.getByTestId("alert").filter({ hasText: fullNameAr });
      await expect(alert.getByRole("link", { name: fullNameAr, exact: true })).toBeVisible();
      await expect(alert.getByRole("button", { name: `واتساب ${fullNameAr}` })).toBeVisible();
      await expect(page.getByTestId("my-day").getByRole("link", { name: fullNameAr, exact: true })).toBeVisible();
      expect(await visibleLatinWords(page)).toEqual([]);
    });

    test("road sales' Today section on the client book gives its days in the page's language", async ({
      page,
      context,
    }) => {
      const staff = await createStaff("road_sales");
      await signInContext(context, staff.user.id);
      const suffix = `${Date.now()}`.slice(-8);
      const today = businessToday();
      const dateOfBirth = dateFromIso(`1992-${today.slice(5)}`);
      await db.client.create({
        data: {
          fullName: `Mariam Al Suwaidi ${suffix}`,
          mobileNumber: `9716${suffix}`,
          searchText: `mariam al suwaidi ${suffix}`,
          dateOfBirth,
          birthMonthDay: monthDayOf(dateOfBirth),
          ownerId: staff.user.id,
        },
      });
      await page.goto("/customers");
      const myDay = page.getByTestId("my-day");
      await expect(myDay).toContainText(shortDayLabel(today, "en"));
      await switchLanguage(page, js);
      await expectDocument(page, "ar");
      await expect(myDay).toContainText(shortDayLabel(today, "ar"));
      await expect(myDay).not.toContainText(shortDayLabel(today, "en"));
    });

    test("the refusal and not-found pages speak Arabic", async ({ page, context }) => {
      const staff = await createStaff("road_sales");
      await signInContext(context, staff.user.id);
      await page.goto("/customers");
      await switchLanguage(page, js);
      await expectDocument(page, "ar");
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "وصول مقيّد" })).toBeVisible();
      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { name: "404 الصفحة غير موجودة" })).toBeVisible();
      await expectDocument(page, "ar");
    });
  });
}
