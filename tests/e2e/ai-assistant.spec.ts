import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { businessToday } from "~/domain/calendar";
import { insertLeadClient } from "../support/lead-clients";
import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";

// The e2e database is shared: these clients sit in a small location and team, and score high
// (Diamond/Platinum, lapsed past 90 days, birthday this week) so they lead any list there.
const LOCATION = { value: "umm_al_quwain", label: "Umm Al Quwain" };
const TEAM = { value: "team_a", label: "Full Selection (Luxury)" };

async function seedClients(tag: string) {
  const top = await insertLeadClient(db, {
    name: `Hessa ${tag} Al Qasimi`,
    totalAed: 1_400_000,
    purchases: 5,
    lastPurchaseDaysAgo: 130,
    birthdayInDays: 2,
    emirate: LOCATION.value,
    team: TEAM.value,
  });
  const second = await insertLeadClient(db, {
    name: `Khalid ${tag} Obaid`,
    totalAed: 700_000,
    purchases: 3,
    lastPurchaseDaysAgo: 150,
    emirate: LOCATION.value,
    team: TEAM.value,
  });
  await insertLeadClient(db, {
    name: `Private ${tag} Client`,
    totalAed: 2_000_000,
    purchases: 8,
    lastPurchaseDaysAgo: 120,
    emirate: LOCATION.value,
    team: TEAM.value,
    contactOk: "No",
  });
  return { top, second };
}

const card = (page: Page, name: string) =>
  page.getByTestId("lead-card").filter({ has: page.getByRole("heading", { name }) });

test.describe("AI Assistant with JavaScript", () => {
  test("generates leads, links WhatsApp, exports, restores on reload, schedules and clears", async ({
    page,
    context,
  }) => {
    const tag = `J${Date.now().toString(36)}`;
    const { top, second } = await seedClients(tag);
    await signInAs(context, "road_sales");
    await page.goto("/ai-assistant");
    await waitForHydration(page);
    await expect(page.getByText("No leads generated yet")).toBeVisible();

    await page.getByRole("button", { name: "Generate AI Leads" }).click();
    await expect(page.getByText("Location Selection Required", { exact: true })).toBeVisible();

    await page.getByLabel("Location").selectOption(LOCATION.value);
    await page.getByLabel("Team").selectOption(TEAM.value);
    await page.getByLabel("Last purchase", { exact: true }).selectOption("3months");
    await page.getByRole("button", { name: "Generate AI Leads" }).click();

    const topCard = card(page, top.fullName);
    await expect(topCard).toBeVisible();
    await expect(card(page, second.fullName)).toBeVisible();
    await expect(page.getByText(`Private ${tag} Client`)).toHaveCount(0);
    await expect(topCard.getByLabel(/^Lead score \d+ of 100$/)).toHaveAttribute("data-band", "top");
    await expect(topCard.getByText("Critical", { exact: true })).toBeVisible();
    await expect(topCard.getByText("Birthday in 2 days").first()).toBeVisible();
    await expect(topCard.getByRole("list", { name: "Recommended products" }).getByRole("listitem")).toHaveCount(3);
    await expect(topCard.getByText(/^AED [\d,]+\.\d\d$/).first()).toBeVisible();

    // The WhatsApp button posts to the app's tracked route, in a new tab, with the lead's message.
    const whatsappForm = topCard.locator(`form[action="/customers/${top.id}/whatsapp"]`);
    await expect(whatsappForm).toHaveAttribute("target", "_blank");
    await expect(whatsappForm.getByRole("button", { name: /WhatsApp/ })).toBeVisible();
    expect(await whatsappForm.locator('input[name="message"]').inputValue()).toMatch(
      /^Dear Hessa, your birthday is in 2 days/,
    );

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`ai-leads-generate-${businessToday()}.csv`);
    const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    expect(csv.split("\r\n")[0]).toBe(
      '"Name","Mobile","Location","Tier","Lead Score","Recommended Product","Team","Reasoning"',
    );
    expect(csv).toContain(`"${top.fullName}","${top.mobileNumber}","Umm Al Quwain","Diamond",`);

    // Reload: the list and the filters come back, except the purchase-date filter (docs/product-rules.md §4).
    await page.reload();
    await waitForHydration(page);
    await expect(card(page, top.fullName)).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue(LOCATION.value);
    await expect(page.getByLabel("Team")).toHaveValue(TEAM.value);
    await expect(page.getByLabel("Last purchase", { exact: true })).toHaveValue("");

    await card(page, second.fullName)
      .getByRole("link", { name: /Schedule/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Schedule a follow-up" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Note (optional)").fill("Show the new emerald set");
    await dialog.getByRole("button", { name: "Schedule follow-up" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Follow-up scheduled", { exact: true })).toBeVisible();
    await expect(card(page, second.fullName)).toBeVisible();
    const followUps = await db.followUp.findMany({ where: { clientId: second.id } });
    expect(followUps.map((f) => f.note)).toEqual(["Show the new emerald set"]);

    await page.getByRole("button", { name: "Clear Leads", exact: true }).click();
    await expect(page.getByText("No leads generated yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Export" })).toBeDisabled();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("No leads generated yet")).toBeVisible();
  });

  test("disables the button and says it can take up to 2 minutes while generating", async ({ page, context }) => {
    await signInAs(context, "sales_back");
    // Hold the answer of the page's action (the fetcher's post) so the generating state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/ai-assistant.data**", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.goto("/ai-assistant");
    await waitForHydration(page);
    await page.getByLabel("Location").selectOption("ajman");
    await page.getByRole("button", { name: "Generate AI Leads" }).click();
    await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
    await expect(page.getByText("this can take up to 2 minutes")).toBeVisible();
    release();
    await expect(page.getByRole("button", { name: "Generate AI Leads" })).toBeEnabled();
  });
});

test.describe("AI Assistant without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form posts, the leads render, export downloads, schedule and clear work", async ({
    page,
    context,
  }) => {
    const tag = `N${Date.now().toString(36)}`;
    const { top, second } = await seedClients(tag);
    await signInAs(context, "sales_front");
    await page.goto("/ai-assistant");

    await page.getByRole("button", { name: "Generate AI Leads" }).click();
    await expect(
      page.getByText("Location Selection Required: Please select a location before generating leads"),
    ).toBeVisible();

    await page.getByLabel("Location").selectOption(LOCATION.value);
    await page.getByLabel("Team").selectOption(TEAM.value);
    await page.getByRole("button", { name: "Generate AI Leads" }).click();
    await expect(page).toHaveURL(/\/ai-assistant\?run=/);
    await expect(page.getByText("Leads Generated", { exact: true })).toBeVisible();
    const topCard = card(page, top.fullName);
    await expect(topCard).toBeVisible();
    const whatsappForm = topCard.locator(`form[action="/customers/${top.id}/whatsapp"]`);
    expect(await whatsappForm.locator('input[name="message"]').inputValue()).toMatch(/^Dear Hessa, /);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`ai-leads-generate-${businessToday()}.csv`);
    expect(await readFile(await download.path(), "utf8")).toContain(second.fullName);

    await card(page, second.fullName)
      .getByRole("link", { name: /Schedule/ })
      .click();
    await expect(page.getByRole("heading", { name: "Schedule a follow-up" })).toBeVisible();
    await page.getByRole("button", { name: "Schedule follow-up" }).click();
    await expect(page).toHaveURL(/\/ai-assistant\?run=/);
    await expect(page.getByText("Follow-up scheduled", { exact: true })).toBeVisible();
    await expect(card(page, second.fullName)).toBeVisible();
    expect(await db.followUp.count({ where: { clientId: second.id } })).toBe(1);

    await page.getByRole("button", { name: "Clear Leads", exact: true }).click();
    await expect(page).toHaveURL(/\/ai-assistant$/);
    await expect(page.getByText("No leads generated yet")).toBeVisible();
  });
});
