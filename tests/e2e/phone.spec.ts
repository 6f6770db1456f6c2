import { createStaff, db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

// The client book on a 360 px phone (issue #15, slice 8): one card per client from the same HTML,
// the filters folded under the search box, selection and bulk actions still working, with
// JavaScript on and off, and nothing moving when JavaScript arrives.

async function ownedClients(ownerId: string, surname: string) {
  const clients = [];
  for (const first of ["Hessa", "Mouza"]) {
    const fullName = `${first} ${surname}`;
    const mobileNumber = nextMobile();
    clients.push(
      await db.client.create({
        data: {
          fullName,
          mobileNumber,
          email: `${first.toLowerCase()}.${surname.toLowerCase()}@phone.test`,
          searchText: `${fullName} ${mobileNumber}`.toLowerCase(),
          ownerId,
          lastPurchaseDate: new Date("2026-01-15T00:00:00Z"),
          totalSalesFils: 1_250_000n,
          tier: "silver",
        },
      }),
    );
  }
  return clients;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the client book on a 360 px phone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 740 } });

    test("shows one card per client with a tel: link, a tracked WhatsApp button and the purchase facts", async ({
      page,
      context,
    }) => {
      const surname = `Cardholder${uniqueDigits()}`;
      const { user } = await signInAs(context, "sales_front", `Phone Owner ${uniqueDigits()}`);
      const [hessa] = await ownedClients(user.id, surname);
      await page.goto(`/customers?owner=me&search=${surname}`);
      if (javaScriptEnabled) await waitForHydration(page);

      // Nothing is wider than the phone: no sideways scrolling of a desktop table.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      const card = page.getByRole("row").filter({ hasText: hessa!.fullName });
      await expect(card.getByText(hessa!.fullName)).toBeVisible();
      await expect(card.getByRole("link", { name: `+${hessa!.mobileNumber}` })).toHaveAttribute(
        "href",
        `tel:+${hessa!.mobileNumber}`,
      );
      await expect(card.getByRole("button", { name: `WhatsApp ${hessa!.fullName}` })).toBeVisible();
      await expect(card.getByText(/Last purchase\s+15 Jan 2026/)).toBeVisible();
      await expect(card.getByText(/^\d+ days ago$/)).toBeVisible();
      await expect(card.getByText("AED 12,500.00")).toBeVisible();
      // The owner's initials sit beside the name; the desktop-only columns are on the details.
      await expect(card.getByTitle(`Owner: ${user.name}`)).toBeVisible();
      await expect(card.getByText(`hessa.${surname.toLowerCase()}@phone.test`)).toBeHidden();

      // The card and its actions are within the screen's width.
      for (const part of [card, card.getByRole("link", { name: `View ${hessa!.fullName}` })]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      if (!javaScriptEnabled) await page.screenshot({ path: "test-results/phone-client-book.png", fullPage: true });
    });

    test("keeps the search box in view and folds the filters into 'Filters (n active)'", async ({ page, context }) => {
      await signInAs(context, "sales_front");
      await page.goto("/customers?owner=me&tier=silver");
      if (javaScriptEnabled) await waitForHydration(page);

      await expect(page.getByRole("searchbox", { name: "Search" })).toBeInViewport();
      const fold = page.getByText("Filters (2 active)");
      await expect(fold).toBeVisible();
      await expect(page.getByLabel("Tier")).toBeHidden();
      await fold.click();
      await expect(page.getByLabel("Tier")).toBeVisible();
      await expect(page.getByLabel("Tier")).toHaveValue("silver");

      // A search still runs from the folded card (Enter submits the GET form).
      await fold.click();
      await page.getByRole("searchbox", { name: "Search" }).fill("nobody-by-this-name");
      await page.getByRole("searchbox", { name: "Search" }).press("Enter");
      await expect(page).toHaveURL(/search=nobody-by-this-name/);
      await expect(page.getByText("No customers found")).toBeVisible();
    });

    test("selects cards and hands them to another owner", async ({ page, context }) => {
      const surname = `Handover${uniqueDigits()}`;
      const { user } = await signInAs(context, "admin", `Phone Admin ${uniqueDigits()}`);
      const { user: heir } = await createStaff("sales_front", `Phone Heir ${uniqueDigits()}`);
      const clients = await ownedClients(user.id, surname);
      await page.goto(`/customers?search=${surname}`);
      if (javaScriptEnabled) await waitForHydration(page);

      for (const c of clients) await page.getByRole("checkbox", { name: `Select ${c.fullName}` }).check();
      await page.getByLabel("New owner").selectOption(heir.id);
      await page.getByRole("button", { name: "Assign owner" }).click();

      await expect
        .poll(() => db.client.count({ where: { id: { in: clients.map((c) => c.id) }, ownerId: heir.id } }))
        .toBe(2);
      if (javaScriptEnabled) {
        // The confirmation toast sits inside the phone's width, a margin on each side.
        const toast = page
          .getByRole("region", { name: /^Notifications/ })
          .locator("li")
          .first();
        await expect(toast).toBeVisible();
        const box = (await toast.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(8);
        expect(box.x + box.width).toBeLessThanOrEqual(360 - 8);
      }
    });
  });
}

test.describe("the client book when JavaScript arrives on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("nothing on the page moves as it hydrates", async ({ page, context }) => {
    const { user } = await signInAs(context, "sales_front");
    await ownedClients(user.id, `Steady${uniqueDigits()}`);
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number; layoutShifts: PerformanceObserver };
      w.layoutShift = 0;
      w.layoutShifts = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.layoutShift += (entry as unknown as { value: number }).value;
      });
      w.layoutShifts.observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/customers?owner=me");
    await waitForHydration(page);
    // Whatever the hydrated page fetches has arrived and the frames after it are painted: a shift is
    // recorded as a frame is laid out, and takeRecords hands over the ones the observer has not had yet.
    await page.waitForLoadState("networkidle");
    const shift = await page.evaluate(async () => {
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      const w = window as unknown as { layoutShift: number; layoutShifts: PerformanceObserver };
      for (const entry of w.layoutShifts.takeRecords()) w.layoutShift += (entry as unknown as { value: number }).value;
      return w.layoutShift;
    });
    expect(shift).toBeLessThan(0.01);
  });
});

test.describe("the client book on a desktop", () => {
  test("shows every filter without a fold", async ({ page, context }) => {
    await signInAs(context, "sales_front");
    await page.goto("/customers");
    await expect(page.getByLabel("Tier")).toBeVisible();
    await expect(page.getByText(/^Filters \(\d+ active\)$/)).toBeHidden();
  });
});
