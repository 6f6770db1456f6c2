import type { Page } from "@playwright/test";
import { LEADS_STORAGE_KEY } from "~/domain/lead-storage-keys";
import { eraseClient } from "~/services/client-erasure.server";
import { addClient, db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";

// A client who withdrew WhatsApp consent after a page was opened or a lead list was kept in the
// browser: the kept cards are checked with the server, and a post from a stale button is refused
// with a page that says why (docs/privacy.md, consent), recording nothing.

/** A lead as the browser keeps it (app/domain/lead-schema.ts). */
function keptLead(client: { id: number; fullName: string; mobileNumber: string }) {
  return {
    clientId: client.id,
    name: client.fullName,
    mobile: client.mobileNumber,
    emirate: "dubai",
    country: "uae",
    segmentType: "vip",
    tier: "gold",
    leadScore: 80,
    priority: "High",
    totalSalesValue: "1000.00",
    lastPurchaseDate: null,
    daysSinceLastPurchase: null,
    expectedRevenue: "500.00",
    aiInsights: "",
    recommendedProducts: [],
    recommendedTeam: "team_a",
    bestContactTime: "",
    suggestedMessage: `Hello ${client.fullName}`,
    reasonForOutreach: "",
    language: "en",
  };
}

const card = (page: Page, name: string) =>
  page.getByTestId("lead-card").filter({ has: page.getByRole("heading", { name }) });

test("lead cards kept in the browser show no live WhatsApp for a client who withdrew since", async ({
  page,
  context,
}) => {
  const staff = await signInAs(context, "sales_front");
  const tag = Date.now().toString(36);
  const since = await addClient(staff.user, { fullName: `Withdrew ${tag} Since` });
  const still = await addClient(staff.user, { fullName: `Still ${tag} Happy` });
  const gone = await addClient(staff.user, { fullName: `Erased ${tag} Since` });
  await page.goto("/ai-assistant");
  await waitForHydration(page);
  const kept = { leads: [keptLead(since), keptLead(still), keptLead(gone)], source: "engine" };
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [LEADS_STORAGE_KEY, JSON.stringify(kept)]);
  await db.client.update({ where: { id: since.id }, data: { consentWhatsapp: "withdrawn" } });
  expect(await eraseClient(gone.id, staff.user)).toEqual({ ok: true });
  await page.reload();
  await waitForHydration(page);

  const withdrawn = card(page, since.fullName);
  await expect(withdrawn.getByText("The client has withdrawn consent to WhatsApp contact")).toBeVisible();
  await expect(withdrawn.getByRole("button", { name: /WhatsApp/ })).toBeDisabled();
  await expect(withdrawn.locator("form")).toHaveCount(0);
  const live = card(page, still.fullName);
  await expect(live.locator(`form[action="/customers/${still.id}/whatsapp"]`)).toHaveCount(1);
  await expect(live.getByRole("button", { name: /WhatsApp/ })).toBeEnabled();
  expect(await page.content()).not.toContain(`wa.me/${since.mobileNumber}`);
  // The erased client's lead is gone from the page and from the browser's storage.
  await expect(card(page, gone.fullName)).toHaveCount(0);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), LEADS_STORAGE_KEY))
    .not.toContain(gone.fullName);
});

test("a WhatsApp button opened before the withdrawal: the new tab says why, and nothing is recorded", async ({
  page,
  context,
}) => {
  const staff = await signInAs(context, "sales_front");
  const client = await addClient(staff.user, { fullName: `Stale ${Date.now().toString(36)} Button` });
  await page.goto(`/customers/${client.id}`);
  await waitForHydration(page);
  await db.client.update({ where: { id: client.id }, data: { consentWhatsapp: "withdrawn" } });

  const tabPromise = context.waitForEvent("page");
  await page.locator(`form[action="/customers/${client.id}/whatsapp"]`).first().getByRole("button").click();
  const tab = await tabPromise;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/customers/${client.id}/whatsapp`);
  await expect(tab.getByRole("heading", { name: "WhatsApp not sent" })).toBeVisible();
  await expect(tab.getByRole("alert")).toContainText(
    `${client.fullName}: The client has withdrawn consent to WhatsApp contact.`,
  );
  expect(await db.clientInteraction.count({ where: { clientId: client.id } })).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a post for a withdrawn client answers 403 with the page, not a redirect", async ({ page, context }) => {
    const staff = await signInAs(context, "sales_front");
    const client = await addClient(staff.user, { fullName: `Plain ${Date.now().toString(36)} Post` });
    await db.client.update({ where: { id: client.id }, data: { consentWhatsapp: "withdrawn" } });
    const answer = await page.request.post(`/customers/${client.id}/whatsapp`, {
      form: { message: "Hello" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
    expect(answer.headers()["content-type"]).toMatch(/^text\/html/);
    const html = await answer.text();
    expect(html).toContain("WhatsApp not sent");
    expect(html).toContain("The client has withdrawn consent to WhatsApp contact");
    expect(html).not.toContain("wa.me/");
    expect(await db.clientInteraction.count({ where: { clientId: client.id } })).toBe(0);
  });
});
