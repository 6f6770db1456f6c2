import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { addDays, businessToday } from "~/domain/calendar";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

/** A date of birth whose birthday is `daysAhead` days from the shop's today, `yearsAgo` years back. */
function birthDateIn(daysAhead: number, yearsAgo: number): string {
  const day = addDays(businessToday(), daysAhead);
  return `${Number(day.slice(0, 4)) - yearsAgo}${day.slice(4)}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`preferences and family with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("edits preferences, adds a daughter with a birthday, sees both in the details and her birthday on the dashboard", async ({
      page,
      context,
    }) => {
      // Four page round trips and a long form: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      await signInAs(context, "sales_front", `Reem Prefs ${uniqueDigits()}`);
      const name = `Aisha Prefs${uniqueDigits()} Al Mansoori`;
      const mobileNumber = nextMobile();
      const client = await db.client.create({
        data: { fullName: name, mobileNumber, searchText: `${name} ${mobileNumber}`.toLowerCase(), team: "team_c" },
      });

      await page.goto(`/customers/${client.id}/edit`);
      if (javaScriptEnabled) await waitForHydration(page);
      const preferences = page.getByRole("group", { name: "Preferences" });
      await preferences.getByLabel("Ring size").fill("14");
      await preferences.getByRole("group", { name: "Preferred metals" }).getByLabel("Yellow gold").check();
      await preferences.getByRole("group", { name: "Preferred stones" }).getByLabel("Diamond").check();
      await preferences.getByLabel("Styles").fill("Classic, Minimal");
      await preferences.getByLabel("Budget").selectOption("5k_20k");
      await page.getByRole("button", { name: "Update Customer" }).click();
      await expect(page).toHaveURL(/\/customers$/);
      await expect
        .poll(async () => {
          const row = await db.client.findUniqueOrThrow({ where: { id: client.id } });
          return [row.ringSize, row.preferredMetals, row.preferredStones, row.styles, row.budgetBand];
        })
        .toEqual(["14", "yellow_gold", "diamond", "Classic,Minimal", "5k_20k"]);

      await page.goto(`/customers/${client.id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const details = page.getByRole("dialog", { name: "Customer Details" });
      const shown = details.getByTestId("preferences");
      await expect(shown).toContainText("Yellow gold");
      await expect(shown).toContainText("Diamond");
      await expect(shown).toContainText("Classic, Minimal");
      await expect(shown).toContainText("AED 5,000 – 20,000");

      await details.getByLabel("Relation").selectOption("daughter");
      await details.getByLabel("Name", { exact: true }).fill("Mariam");
      await details.getByLabel("Date of birth").fill(birthDateIn(5, 8));
      await details.getByRole("button", { name: "Add family member" }).click();
      const member = page.getByTestId("family-member").filter({ hasText: "Mariam" });
      await expect(member).toContainText("Daughter");
      await expect(member).toContainText("turns 8 in 5 days");

      await page.goto("/dashboard");
      const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: name });
      await expect(alert).toContainText("Aisha's daughter Mariam turns 8 in 5 days");

      // Removed from the details, she leaves the reminders.
      await page.goto(`/customers/${client.id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("button", { name: "Remove Mariam" }).click();
      await expect(page.getByRole("dialog", { name: "Customer Details" })).toContainText("No family members recorded");
      expect(await db.clientFamilyMember.count({ where: { clientId: client.id } })).toBe(0);
    });
  });
}
