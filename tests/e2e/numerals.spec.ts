import type { Page } from "@playwright/test";
import { businessToday } from "~/domain/calendar";
import { fullDayLabel } from "~/domain/display-labels";
import { createStaff, db, expect, signInContext, test, totpCode, waitForHydration } from "../support/e2e/fixtures";

// Arabic-Indic digits (docs/decisions/021-arabic-and-english.md): chosen on Profile, a plain form, so the same
// steps run with JavaScript on and off. Amounts, dates and counts change; mobiles and codes stay Western.

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";
const ARABIC = { language: "ar", numerals: "arab" } as const;

async function ready(page: Page, js: boolean) {
  if (js) await waitForHydration(page);
}

for (const js of [true, false]) {
  test.describe(`Arabic-Indic digits with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("chosen on Profile, they reach the dashboard and the client book; mobiles and codes stay Western", async ({
      page,
      context,
    }) => {
      // The labels React renders again while hydrating must match the server's, digits included.
      const hydrationErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat|did not match|React error #(418|423|425)/i.test(message.text()))
          hydrationErrors.push(message.text());
      });
      const tag = `${Date.now()}`.slice(-7);
      const staff = await createStaff("admin", js ? "Hessa Al Mazrouei" : "Noura Al Shamsi");
      const client = await db.client.create({
        data: {
          fullName: `Shamma Digits ${tag}`,
          mobileNumber: `97156${tag}`,
          searchText: `shamma digits ${tag}`,
          totalSalesFils: 123450n,
          ownerId: staff.user.id,
        },
      });
      await signInContext(context, staff.user.id);

      // The top bar's switch, then Profile's choice.
      await page.goto("/profile");
      await ready(page, js);
      await page.locator('[data-testid="language-switch"]:visible').click();
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await ready(page, js);
      const numerals = page.getByRole("region", { name: "الأرقام" });
      await expect(numerals.getByRole("radio", { name: /أرقام غربية/ })).toBeChecked();
      await numerals.getByRole("radio", { name: /أرقام عربية هندية/ }).check();
      await numerals.getByRole("button", { name: "حفظ" }).click();
      await expect(page.getByText("تم حفظ الأرقام", { exact: true }).first()).toBeVisible();
      await expect(numerals.getByRole("radio", { name: /أرقام عربية هندية/ })).toBeChecked();
      expect((await db.user.findUniqueOrThrow({ where: { id: staff.user.id } })).numerals).toBe("arab");

      // The dashboard: today's date and the figures.
      await page.goto("/dashboard");
      await ready(page, js);
      await expect(page.getByText(fullDayLabel(businessToday(), ARABIC)).first()).toBeVisible();
      await expect(page.getByTestId("card-total-value")).toHaveText(/^[٠-٩٬]+$/);
      await expect(page.getByTestId("vip-rate")).toHaveText(/^[٠-٩]+%$/);

      // The client book: the amount in Arabic-Indic digits, the mobile as the phone writes it.
      await page.goto(`/customers?search=${tag}`);
      await ready(page, js);
      const row = page.locator("tr", { hasText: client.fullName });
      await expect(row).toContainText("١٬٢٣٤٫٥٠ د.إ");
      await expect(row.getByRole("link", { name: `+${client.mobileNumber}` })).toBeVisible();
      await expect(row).toContainText(`+${client.mobileNumber}`);
      expect(ARABIC_INDIC.split("").some((d) => client.mobileNumber.includes(d))).toBe(false);

      // Signed out, the sign-in page's code boxes take the authenticator's Western digits.
      await context.clearCookies({ name: "crm_session" });
      await page.goto("/login?change=1");
      await ready(page, js);
      await page.getByLabel("البريد الإلكتروني للعمل").fill(staff.user.email);
      await page.getByRole("button", { name: "متابعة" }).click();
      const code = totpCode(staff.secret);
      for (const [i, digit] of [...code].entries()) {
        const box = page.getByLabel(`الرقم ${i + 1}`, { exact: true });
        await box.fill(digit);
        await expect(box).toHaveValue(digit);
      }
      await page.getByRole("button", { name: "تسجيل الدخول" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(fullDayLabel(businessToday(), ARABIC)).first()).toBeVisible();
      expect(hydrationErrors).toEqual([]);
    });
  });
}
