import { addDays, businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import {
  createStaff,
  db,
  expect,
  expectArabicDocument,
  signInContext,
  test,
  waitForHydration,
} from "../support/e2e/fixtures";
import { visibleLatinWords } from "../support/e2e/latin-words";
import { uniqueDigits } from "../support/e2e/unique-values";

// The client book, a client's details and the client forms in Arabic (docs/decisions/021-arabic-and-english.md),
// opened by an admin whose saved language is Arabic, with JavaScript on and off.

/**
 * Words of the shell, not of these screens: the language switch names English in English, and the toast
 * viewport keeps Radix's own label ("Notifications (F8)") with JavaScript on.
 */
const SHELL_WORDS = ["English", "Notifications"];
/** The English-only client's name is typed text; in an aria-label it cannot be marked up. */
const TYPED_NAME = ["Hessa", "Smith"];

/**
 * An admin with an Arabic name who chose Arabic, a client with an Arabic name and every section
 * filled in (a sale with an item, family, preferences, a contact, a follow-up, WhatsApp consent
 * withdrawn), and a client with only an English name. `suffix` finds both in the search box.
 */
async function clientBook() {
  const suffix = uniqueDigits();
  const staff = await createStaff("admin", `ريم الكتبي ${suffix}`, { language: "ar" });
  const today = businessToday();
  // 1992 and 2016 were leap years, so any month and day is a valid birthday.
  const dateOfBirth = dateFromIso(`1992-${today.slice(5)}`);
  // The daughter turns 10 in two days: My day and the Birthdays panel name her.
  const memberBirthday = `2016-${addDays(today, 2).slice(5)}`;
  const arabic = await db.client.create({
    data: {
      fullName: `Aisha Al Mansoori ${suffix}`,
      fullNameAr: `عائشة المنصوري ${suffix}`,
      preferredLanguage: "ar",
      mobileNumber: `9715${suffix.slice(-8)}`,
      searchText: `aisha al mansoori ${suffix} عايشه المنصوري ${suffix}`,
      emirate: "abu_dhabi",
      area: "Al Reem Island",
      team: "team_a",
      email: `aisha.${suffix}@example.com`,
      emiratesId: "784-1990-1234567-1",
      emiratesIdExpiry: dateFromIso(addDays(today, 20)),
      pepStatus: "No",
      dateOfBirth,
      birthMonthDay: monthDayOf(dateOfBirth),
      anniversaryType: "Wedding Anniversary",
      anniversaryDate: dateFromIso("2015-04-02"),
      contactOk: "Yes",
      ringSize: "14",
      preferredMetals: "yellow_gold,white_gold",
      preferredStones: "diamond",
      budgetBand: "5k_20k",
      consentWhatsapp: "withdrawn",
      tier: "gold",
      totalSalesFils: 980000n,
      lastPurchaseDate: dateFromIso(addDays(today, -3)),
      ownerId: staff.user.id,
    },
  });
  await db.sale.create({
    data: {
      clientId: arabic.id,
      saleDate: dateFromIso(addDays(today, -3)),
      amountFils: 980000n,
      invoiceNo: `INV-${suffix}`,
      showroom: "dubai_mall",
      soldById: staff.user.id,
      items: {
        create: {
          position: 1,
          category: "bangle",
          metal: "yellow_gold",
          karat: "21",
          weightMg: 32400,
          stone: "diamond",
          stoneCaratPoints: 102,
          itemCode: `BG-${suffix}`,
          priceFils: 980000n,
          saleDate: dateFromIso(addDays(today, -3)),
        },
      },
    },
  });
  await db.clientFamilyMember.create({
    data: {
      clientId: arabic.id,
      relation: "daughter",
      name: "مريم",
      birthDate: dateFromIso(memberBirthday),
      birthMonthDay: monthDayOf(dateFromIso(memberBirthday)),
    },
  });
  await db.clientInteraction.create({
    data: { clientId: arabic.id, type: "visit", note: "جربت الأساور", at: new Date(), userId: staff.user.id },
  });
  await db.followUp.create({
    data: { clientId: arabic.id, dueDate: dateFromIso(addDays(today, 2)), ownerId: staff.user.id },
  });
  const english = await db.client.create({
    data: {
      fullName: `Hessa Smith ${suffix}`,
      mobileNumber: `9716${suffix.slice(-8)}`,
      searchText: `hessa smith ${suffix}`,
      country: "bahrain",
      emirate: "none",
    },
  });
  return { staff, suffix, arabic, english };
}

for (const js of [true, false]) {
  test.describe(`the client book in Arabic with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the list, the details, the new and edit forms speak Arabic, with typed text left as typed", async ({
      page,
      context,
    }) => {
      // Five screens in one test: one set of data, one sign-in.
      test.setTimeout(90_000);
      const { staff, suffix, arabic, english } = await clientBook();
      await signInContext(context, staff.user.id);
      const allow = [...SHELL_WORDS, ...TYPED_NAME];

      await page.goto(`/customers?search=${suffix}`);
      await expectArabicDocument(page);
      await expect(page).toHaveTitle("سجل مشتريات العملاء | Jewel CRM");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("سجل مشتريات العملاء");
      await expect(page.getByTestId("customer-count")).toHaveText("عميلان");
      const table = page.getByTestId("customer-table");
      await expect(table.getByRole("columnheader", { name: /الاسم/ })).toBeVisible();
      await expect(table).toContainText(`عائشة المنصوري ${suffix}`);
      await expect(table).toContainText("أبوظبي، Al Reem Island");
      await expect(table).toContainText("9,800.00 د.إ");
      await expect(table).toContainText("البحرين");
      await expect(table.getByRole("button", { name: `واتساب Hessa Smith ${suffix}` })).toBeVisible();
      expect(await visibleLatinWords(page, allow)).toEqual([]);

      // The details.
      await page.goto(`/customers/${arabic.id}?search=${suffix}`);
      const details = page.getByRole("dialog", { name: "تفاصيل العميل" });
      await expect(details).toBeVisible();
      await expect(details).toContainText("ذكرى الزواج، 2 أبريل 2015");
      await expect(details.getByTestId("preferences")).toContainText("ذهب أصفر، ذهب أبيض");
      await expect(details.getByTestId("sale-items")).toContainText("إسوارة · عيار 21 ذهب أصفر ·");
      await expect(details.getByTestId("family-member")).toContainText("ابنة");
      await expect(details.getByTestId("consent")).toContainText("واتساب: سُحبت الموافقة");
      await expect(details).toContainText("سحب العميل موافقته على التواصل عبر واتساب");
      expect(await visibleLatinWords(page, allow)).toEqual([]);

      // The English-only client's details: their name is typed text.
      await page.goto(`/customers/${english.id}?search=${suffix}`);
      await expect(page.getByRole("dialog", { name: "تفاصيل العميل" })).toContainText("البحرين");
      expect(await visibleLatinWords(page, allow)).toEqual([]);

      // A new client: refused with the messages in Arabic (in the browser with JavaScript, by the server without).
      await page.goto(`/customers/new?search=${suffix}`);
      const form = page.getByRole("dialog", { name: "إضافة عميل جديد" });
      await expect(form).toBeVisible();
      expect(await visibleLatinWords(page, allow)).toEqual([]);
      if (js) await waitForHydration(page);
      await form.getByLabel("رقم الجوال *").fill("12");
      await form.getByRole("button", { name: "إنشاء العميل" }).click();
      await expect(form.getByText("الاسم مطلوب")).toBeVisible();
      await expect(form.getByText("أدخل رقم جوال صحيحًا", { exact: false })).toBeVisible();
      await expectArabicDocument(page);
      expect(await visibleLatinWords(page, allow)).toEqual([]);

      // Editing: the preferences and the sale box in Arabic.
      await page.goto(`/customers/${arabic.id}/edit?search=${suffix}`);
      const edit = page.getByRole("dialog", { name: "تعديل بيانات العميل" });
      await expect(edit).toBeVisible();
      await expect(edit.getByTestId("total-sales")).toHaveText("9,800.00 د.إ");
      await expect(edit.getByRole("group", { name: "المعادن المفضلة" })).toBeVisible();
      expect(await visibleLatinWords(page, allow)).toEqual([]);
    });

    test("a client that does not exist: the details and edit dialogs say so in Arabic", async ({ page, context }) => {
      const staff = await createStaff("admin", `ريم الكتبي ${uniqueDigits()}`, { language: "ar" });
      await signInContext(context, staff.user.id);
      for (const [path, title] of [
        ["/customers/987654321", "تفاصيل العميل"],
        ["/customers/987654321/edit", "تعديل بيانات العميل"],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        // With JavaScript, the dialog the browser renders again must find the code's namespace too.
        if (js) await waitForHydration(page);
        await expect(page.getByRole("dialog", { name: title })).toContainText("العميل غير موجود");
        expect(await visibleLatinWords(page, SHELL_WORDS)).toEqual([]);
      }
    });
  });
}

test("the client book reads in Arabic on a 360 px phone", async ({ page, context }) => {
  const { staff, suffix } = await clientBook();
  await signInContext(context, staff.user.id);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/customers?search=${suffix}`);
  await expectArabicDocument(page);
  await expect(page.getByRole("button", { name: `واتساب عائشة المنصوري ${suffix}` })).toBeVisible();
  await expect(page.locator(".card-label").filter({ hasText: "آخر شراء" }).first()).toBeVisible();
  expect(await visibleLatinWords(page, [...SHELL_WORDS, ...TYPED_NAME])).toEqual([]);
});

test("the dashboard's alert lines and My day's relation are Arabic", async ({ page, context }) => {
  const { staff, suffix } = await clientBook();
  await signInContext(context, staff.user.id);
  await page.goto("/dashboard");
  const name = `عائشة المنصوري ${suffix}`;
  const alerts = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: name });
  await expect(alerts.filter({ hasText: "عيد ميلاد سعيد" })).toContainText(
    `عيد ميلاد سعيد، ${name}! عيد ميلاده اليوم: أرسل التهاني.`,
  );
  // Family birthdays come after the day's own ones: another test's client may be listed first.
  await expect(
    page.getByTestId("birthday-alerts").getByText("عيد الميلاد الـ10 لـمريم، ابنة عائشة، بعد يومين").first(),
  ).toBeVisible();
  await expect(alerts.first().getByRole("button", { name: `واتساب ${name}` })).toBeDisabled();
  await expect(page.getByTestId("my-day")).toContainText("ابنة مريم");
});
