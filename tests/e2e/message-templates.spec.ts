import type { Locator } from "@playwright/test";
import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { MESSAGE_OCCASIONS } from "~/domain/message-templates";

// The admin's WhatsApp message templates (/profile/messages): an Arabic birthday text edited, a
// misspelt placeholder refused with its error, saved, then reset to the default, with JS on and off.
// Each run edits its own occasion, so the two can run side by side on the shared database.

/** The two occasions' names as the English page shows them. */
const LABELS = { birthday_upcoming: "Birthday, days ahead", birthday_tomorrow: "Birthday, the day before" } as const;

/** The occasion's Arabic text box (its label gains a "Changed" badge once saved). */
const arabicBox = (group: Locator) => group.getByRole("textbox", { name: /^Arabic/ });

for (const javaScriptEnabled of [true, false]) {
  const occasion = javaScriptEnabled ? "birthday_upcoming" : "birthday_tomorrow";
  const spec = MESSAGE_OCCASIONS[occasion];
  const label = LABELS[occasion];

  test.describe(`message templates, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("edits the Arabic birthday message, refuses an unknown placeholder, saves and resets", async ({
      page,
      context,
    }) => {
      await db.messageTemplate.deleteMany({ where: { occasion, language: "ar" } });
      await signInAs(context, "admin");
      await page.goto("/profile");
      await page.getByRole("link", { name: /WhatsApp Messages/ }).click();
      await expect(page).toHaveURL(/\/profile\/messages$/);
      if (javaScriptEnabled) await waitForHydration(page);

      const group = page.getByRole("group", { name: label, exact: true });
      const arabic = arabicBox(group);
      await expect(arabic).toHaveAttribute("dir", "rtl");
      await expect(arabic).toHaveAttribute("lang", "ar");
      await expect(arabic).toHaveValue(spec.defaults.ar);
      const save = page.getByRole("button", { name: "Save messages" });

      await arabic.fill("عيد ميلاد سعيد يا {frstName}!");
      await save.click();
      await expect(
        group.getByText(/^Unknown placeholder \{frstName\}: this message can use \{firstName\}/),
      ).toBeVisible();
      expect(await db.messageTemplate.count({ where: { occasion, language: "ar" } })).toBe(0);

      await arabicBox(group).fill("عيد ميلاد سعيد يا {firstName}!");
      await save.click();
      await expect(page.getByText("Messages saved", { exact: true })).toBeVisible();
      await expect(arabicBox(group)).toHaveValue("عيد ميلاد سعيد يا {firstName}!");
      await expect(group.getByText("Changed")).toBeVisible();
      await expect
        .poll(() => db.messageTemplate.findFirst({ where: { occasion, language: "ar" }, select: { body: true } }))
        .toEqual({ body: "عيد ميلاد سعيد يا {firstName}!" });

      await group.getByRole("button", { name: `Reset to default: ${label} (Arabic)` }).click();
      await expect(page.getByText("Message reset to its default", { exact: true })).toBeVisible();
      await expect(arabicBox(group)).toHaveValue(spec.defaults.ar);
      await expect(group.getByText("Changed")).toHaveCount(0);
      expect(await db.messageTemplate.count({ where: { occasion, language: "ar" } })).toBe(0);
    });
  });
}

test("the message templates page is for admins only", async ({ page, context }) => {
  await signInAs(context, "sales_front");
  const response = await page.goto("/profile/messages");
  expect(response?.status()).toBe(403);
});
