import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import { AED } from "~/domain/money";
import { tierForTotal } from "~/domain/tiers";
import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

// The e2e database is shared by every spec file: figures are checked as the change our own clients
// make to what the dashboard showed before them.
type Metrics = { totalClients: number; activeVips: number; inactiveClients: number };

async function addClient(
  name: string,
  options: { totalAed?: number; lastPurchase?: string; birthdayToday?: boolean } = {},
) {
  const mobileNumber = nextMobile();
  const total = AED(options.totalAed ?? 0);
  // 1992 was a leap year, so any month and day is a valid birthday.
  const dateOfBirth = options.birthdayToday ? dateFromIso(`1992-${businessToday().slice(5)}`) : null;
  return db.client.create({
    data: {
      fullName: name,
      mobileNumber,
      searchText: `${name} ${mobileNumber}`.toLowerCase(),
      totalSalesFils: total,
      tier: tierForTotal(total),
      lastPurchaseDate: options.lastPurchase ? dateFromIso(options.lastPurchase) : null,
      dateOfBirth,
      birthMonthDay: dateOfBirth ? monthDayOf(dateOfBirth) : null,
    },
  });
}

async function metricsNow(request: APIRequestContext): Promise<Metrics> {
  const res = await request.get("/api/dashboard/metrics");
  expect(res.status()).toBe(200);
  return (await res.json()) as Metrics;
}

const shown = (n: number) => new Intl.NumberFormat("en-GB").format(n);

async function seedAndOpen(page: Page) {
  const before = await metricsNow(page.request);
  const today = businessToday();
  const suffix = uniqueDigits();
  await addClient(`Dalia Diamond ${suffix}`, { totalAed: 1_500_000, lastPurchase: today });
  await addClient(`Pavel Platinum ${suffix}`, { totalAed: 550_000 });
  const birthday = await addClient(`Zainab Qasimi ${suffix}`, {
    totalAed: 2_000,
    lastPurchase: addDays(today, -120),
    birthdayToday: true,
  });
  const followUp = await db.followUp.create({
    data: { clientId: birthday.id, dueDate: dateFromIso(today), note: `Call about the pearl set ${suffix}` },
  });
  await page.goto("/dashboard");
  return { before, birthday, followUp, suffix };
}

async function expectDashboard(page: Page, seeded: Awaited<ReturnType<typeof seedAndOpen>>) {
  const { before, birthday } = seeded;
  await expect(page.getByRole("heading", { name: /^Welcome back, Noura$/ })).toBeVisible();
  await expect(page.getByTestId("role-badge")).toHaveText("Sales Front");
  await expect(page.getByTestId("card-total-value")).toHaveText(shown(before.totalClients + 3));
  await expect(page.getByTestId("card-vip-value")).toHaveText(shown(before.activeVips + 2));
  await expect(page.getByTestId("card-inactive-value")).toHaveText(shown(before.inactiveClients + 2));
  await expect(page.getByTestId("inactive-footnote")).toHaveText("* A client who has never bought counts as inactive.");
  await expect(page.getByTestId("card-vip").getByRole("link", { name: /Platinum/ })).toHaveAttribute(
    "href",
    "/customers?tier=platinum",
  );
  await expect(page.getByTestId("card-inactive").getByRole("link")).toHaveAttribute("href", "/customers?inactive=1");
  await expect(page.getByTestId("tier-breakdown")).toContainText("Silver & Bronze");

  const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: birthday.fullName });
  await expect(alert).toContainText(`Happy Birthday, ${birthday.fullName}! Their birthday is today`);
  await expect(alert).toContainText("High");
  // The WhatsApp button posts the alert's message to the tracked route in a new tab.
  await expect(alert.getByRole("button", { name: `WhatsApp ${birthday.fullName}` })).toBeVisible();
  const whatsappForm = alert.locator(`form[action="/customers/${birthday.id}/whatsapp"]`);
  await expect(whatsappForm).toHaveAttribute("target", "_blank");
  expect(await whatsappForm.locator('input[name="message"]').inputValue()).toMatch(
    /^Happy Birthday, Zainab! .*from all of us\.$/,
  );
}

test.describe("dashboard with JavaScript", () => {
  test("shows the figures for the seeded clients, the WhatsApp link, and marks a follow-up done in place", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front", "Noura Haddad");
    const seeded = await seedAndOpen(page);
    await waitForHydration(page);
    await expectDashboard(page, seeded);

    const row = page.getByTestId("follow-up").filter({ hasText: seeded.followUp.note! });
    await expect(row).toContainText("Due today");
    await expect(row.getByRole("link", { name: seeded.birthday.fullName })).toHaveAttribute(
      "href",
      `/customers/${seeded.birthday.id}`,
    );
    await row.getByRole("button", { name: `Mark done: ${seeded.birthday.fullName}` }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText("Follow-up done", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await db.followUp.findUniqueOrThrow({ where: { id: seeded.followUp.id } })).doneAt).not.toBeNull();
  });

  test("an alert's client opens in the app, not as a new document", async ({ page, context }) => {
    await signInAs(context, "sales_front", "Noura Haddad");
    // A client alone: an open follow-up would stay on every later test's dashboard.
    const birthday = await addClient(`Layla Link ${uniqueDigits()}`, { birthdayToday: true });
    await page.goto("/dashboard");
    await waitForHydration(page);
    // A property of this document: it is gone if the browser loaded a new one.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const alert = page.getByTestId("birthday-alerts").getByTestId("alert").filter({ hasText: birthday.fullName });
    await alert.getByRole("link", { name: birthday.fullName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${birthday.id}$`));
    await expect(page.getByRole("dialog", { name: "Customer Details" })).toContainText(birthday.fullName);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("is refused to road sales", async ({ page, context }) => {
    await signInAs(context, "road_sales");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  });
});

test.describe("dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders the same figures, chart and WhatsApp link, and marks a follow-up done with a plain form post", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front", "Noura Saleh");
    const seeded = await seedAndOpen(page);
    await expectDashboard(page, seeded);

    const row = page.getByTestId("follow-up").filter({ hasText: seeded.followUp.note! });
    await row.getByRole("button", { name: `Mark done: ${seeded.birthday.fullName}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Follow-up done");
    await expect(page.getByTestId("follow-up").filter({ hasText: seeded.followUp.note! })).toHaveCount(0);
  });
});
