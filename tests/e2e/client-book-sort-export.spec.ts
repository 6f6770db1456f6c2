import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import * as XLSX from "@e965/xlsx";
import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

const { createClient } = await import("~/services/client-writes.server");

// Sorting the client book by its column headers (or the phone's Sort by picker) and exporting the
// sorted, filtered list, with JavaScript on and off (docs/decisions/017-client-book-sort-and-export.md).

/** Three clients of the signed-in user, added smallest total first, so newest first is biggest last. */
async function threeClients(actor: { id: string; name: string }, surname: string) {
  const names: string[] = [];
  for (const [first, total] of [
    ["Hind", "120000"],
    ["Amal", "5000"],
    ["Dana", "760000"],
  ] as const) {
    const result = await createClient(
      {
        fullName: `${first} ${surname}`,
        mobileNumber: nextMobile(),
        team: "team_a",
        totalSalesValue: total,
        lastPurchaseDate: "2026-01-15",
        emiratesId: "784-1990-1234567-1",
      },
      { actor },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    names.push(result.client.fullName);
  }
  return names;
}

const rowNames = async (page: Page, names: string[]) => {
  const texts = await page.getByTestId("customer-table").locator("tbody tr td:nth-child(2)").allTextContents();
  return texts.map((t) => names.find((n) => t.includes(n)));
};

async function downloaded(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sorting and exporting the client book, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sorts by a column header, keeping the filters, and exports the list as sorted", async ({ page, context }) => {
      const surname = `Sorted${uniqueDigits()}`;
      const { user } = await signInAs(context, "sales_front", `Sort Owner ${uniqueDigits()}`);
      const [hind, amal, dana] = await threeClients(user, surname);
      const names = [hind!, amal!, dana!];
      await page.goto(`/customers?owner=me&search=${surname}`);
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await rowNames(page, names)).toEqual([dana, amal, hind]);

      const totalHeader = page.getByRole("columnheader", { name: "Total Sale" });
      await expect(totalHeader).not.toHaveAttribute("aria-sort");
      await totalHeader.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`search=${surname}&owner=me&sort=-totalSalesValue$`));
      await expect(totalHeader).toHaveAttribute("aria-sort", "descending");
      await expect.poll(() => rowNames(page, names)).toEqual([dana, hind, amal]);

      await totalHeader.getByRole("link").click();
      await expect(page).toHaveURL(/sort=totalSalesValue$/);
      await expect(totalHeader).toHaveAttribute("aria-sort", "ascending");
      await expect.poll(() => rowNames(page, names)).toEqual([amal, hind, dana]);

      // The CSV is the list as shown: filtered, sorted, the Emirates ID masked for sales front.
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export .csv" }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^client-book-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await downloaded(csv)).toString("utf8");
      // The import template's headers, the Arabic name beside the name (docs/decisions/022).
      expect(text.startsWith('\uFEFF"Full Name","Full Name (Arabic)","Mobile Number",')).toBe(true);
      const lines = text.slice(1).trimEnd().split("\r\n");
      expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([amal, hind, dana].map((n) => `"${n}"`));
      expect(text).toContain('"784-****-*******-1"');

      const [xlsx] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export .xlsx" }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toMatch(/^client-book-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const book = XLSX.read(await downloaded(xlsx), { type: "buffer" });
      const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
      expect(sheet.slice(1).map((r) => r[0])).toEqual([amal, hind, dana]);

      await expect
        .poll(() => db.auditLog.count({ where: { action: "client.book_exported", actorId: user.id } }))
        .toBe(2);
    });

    test("sorts the phone's cards with the Sort by picker in the filters", async ({ page, context }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      const surname = `Picked${uniqueDigits()}`;
      const { user } = await signInAs(context, "sales_back", `Sort Picker ${uniqueDigits()}`);
      const [hind, amal, dana] = await threeClients(user, surname);
      const names = [hind!, amal!, dana!];
      await page.goto(`/customers?owner=me&search=${surname}`);
      if (javaScriptEnabled) await waitForHydration(page);
      // Sales back may sort but not export.
      await expect(page.getByRole("link", { name: /^Export/ })).toHaveCount(0);

      // The picker is in view above the folded filters.
      await expect(page.getByLabel("Tier")).toBeHidden();
      await page.getByLabel("Sort by").selectOption({ label: "Total sale, highest first" });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
      await expect(page).toHaveURL(/sort=-totalSalesValue/);
      await expect.poll(() => rowNames(page, names)).toEqual([dana, hind, amal]);
      await expect(page.getByLabel("Sort by")).toHaveValue("-totalSalesValue");
    });
  });
}
