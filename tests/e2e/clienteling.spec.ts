import type { BrowserContext, Page } from "@playwright/test";
import { businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import { E2E_PORT } from "../support/e2e/env";
import { createStaff, db, expect, signInAs, signInContext, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

const REASON = "The client has withdrawn consent to WhatsApp contact";

/** A client whose birthday is today, so they head the dashboard's Birthdays panel. */
async function birthdayClient(name: string, consentWhatsapp = "unknown") {
  const mobileNumber = nextMobile();
  const dateOfBirth = dateFromIso(`1992-${businessToday().slice(5)}`);
  return db.client.create({
    data: {
      fullName: name,
      mobileNumber,
      searchText: `${name} ${mobileNumber}`.toLowerCase(),
      dateOfBirth,
      birthMonthDay: monthDayOf(dateOfBirth),
      consentWhatsapp,
    },
  });
}

/**
 * Where the tracked POST sends the browser: its 303's Location, read from the app's own answer, which the
 * browser is then not given. So wa.me is never loaded, whatever the Chromium build: Playwright routes the
 * request a redirect leads to in some builds and not in others (its docs: only the first URL is routed).
 */
async function catchWhatsApp(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route("**/customers/*/whatsapp", async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    seen.push(answer.headers()["location"] ?? "");
    await route.fulfill({ status: 200, contentType: "text/plain", body: "" });
  });
  return seen;
}

async function clickAlertWhatsApp(page: Page, context: BrowserContext, clientName: string) {
  const seen = await catchWhatsApp(context);
  const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: clientName });
  const popup = page.waitForEvent("popup");
  await alert.getByRole("button", { name: `WhatsApp ${clientName}` }).click();
  await popup;
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  return seen;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`clienteling with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a WhatsApp click from an alert records the contact and goes on to wa.me", async ({ page, context }) => {
      const { user } = await signInAs(context, "sales_front", `Reem Tracker ${uniqueDigits()}`);
      const client = await birthdayClient(`Latifa Tracked ${uniqueDigits()}`);
      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      const seen = await clickAlertWhatsApp(page, context, client.fullName);
      const url = new URL(seen[0]!);
      expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${client.mobileNumber}`);
      expect(url.searchParams.get("text")).toMatch(/^Happy Birthday, Latifa!/);
      await expect
        .poll(() => db.clientInteraction.count({ where: { clientId: client.id, type: "whatsapp", userId: user.id } }))
        .toBe(1);
      // The alert now says who contacted the client.
      await page.reload();
      const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: client.fullName });
      await expect(alert.getByTestId("last-contact")).toHaveText(/WhatsApp today · Reem/);
    });

    test("a client who withdrew WhatsApp consent has a disabled button with the reason", async ({ page, context }) => {
      await signInAs(context, "sales_front");
      const client = await birthdayClient(`Moza Withdrawn ${uniqueDigits()}`, "withdrawn");
      await page.goto(`/customers/${client.id}`);
      const details = page.getByRole("dialog", { name: "Customer Details" });
      await expect(details.getByRole("button", { name: `WhatsApp ${client.fullName}: ${REASON}` })).toBeDisabled();
      await expect(details.getByText(REASON)).toBeVisible();
      // The client book's row too.
      await page.goto(`/customers?search=${encodeURIComponent(client.fullName)}`);
      await expect(
        page.getByTestId("customer-table").getByRole("button", { name: `WhatsApp ${client.fullName}: ${REASON}` }),
      ).toBeDisabled();
      await page.goto("/dashboard");
      const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: client.fullName });
      await expect(alert.getByRole("button", { name: `WhatsApp ${client.fullName}: ${REASON}` })).toBeDisabled();
    });

    test("a follow-up created from an alert shows on the owner's home page", async ({ page, context, browser }) => {
      await signInAs(context, "sales_front");
      const road = await createStaff("road_sales", `Saif Road ${uniqueDigits()}`);
      const client = await birthdayClient(`Hessa FollowUp ${uniqueDigits()}`);
      const note = `Bring the pearl catalogue ${uniqueDigits()}`;
      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: client.fullName });
      await alert.getByRole("link", { name: `Follow up ${client.fullName}` }).click();
      await expect(page.getByRole("heading", { name: "New follow-up" })).toBeVisible();
      await page.getByLabel("Who follows up").selectOption({ label: road.user.name });
      await page.getByLabel("Follow-up date").fill(businessToday());
      await page.getByLabel("Note (optional)").fill(note);
      await page.getByRole("button", { name: "Schedule follow-up" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText("Follow-up scheduled").first()).toBeVisible();

      // The road sales owner sees it on their home page, the client book.
      const roadContext = await browser.newContext({ javaScriptEnabled });
      await signInContext(roadContext, road.user.id);
      const roadPage = await roadContext.newPage();
      await roadPage.goto(`http://127.0.0.1:${E2E_PORT}/customers`);
      await expect(roadPage.getByTestId("follow-up").filter({ hasText: note })).toContainText(client.fullName);
      // Due today, so it also heads their "Today" section, with its WhatsApp button.
      await expect(roadPage.getByTestId("my-day").getByTestId("my-day-item").filter({ hasText: note })).toContainText(
        client.fullName,
      );
      await roadContext.close();
    });

    test("a follow-up for someone who left meanwhile comes back with the reason and the note kept", async ({
      page,
      context,
    }) => {
      await signInAs(context, "sales_front");
      const leaving = await createStaff("road_sales", `Mariam Leaving ${uniqueDigits()}`);
      const client = await birthdayClient(`Shaikha FollowUp ${uniqueDigits()}`);
      const note = `Ask about the bangle ${uniqueDigits()}`;
      await page.goto(`/customers/${client.id}/follow-up`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Who follows up").selectOption({ label: leaving.user.name });
      await page.getByLabel("Note (optional)").fill(note);
      // An admin deactivates her while the form is open.
      await db.user.update({ where: { id: leaving.user.id }, data: { isActive: false } });
      await page.getByRole("button", { name: "Schedule follow-up" }).click();
      await expect(page.getByText("The owner must be an active user")).toBeVisible();
      await expect(page.getByLabel("Note (optional)")).toHaveValue(note);
      await expect(page.getByLabel("Who follows up")).toHaveAccessibleDescription("The owner must be an active user");
      expect(await db.followUp.count({ where: { clientId: client.id } })).toBe(0);
    });
  });
}
