import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";

/** Unique mobiles for this run (the e2e database is shared by every spec file). */
const runPrefix = String(1000 + Math.floor(Math.random() * 9000));
const mobile = (i: number) => `05${runPrefix}${String(i).padStart(4, "0")}`;
const stored = (local: string) => `971${local.slice(1)}`;

/** The downloaded template with our rows below its header (the example row removed), as a user fills it in Excel. */
function fillTemplate(templatePath: string, rows: string[][]): Buffer {
  const book = XLSX.read(readFileSync(templatePath));
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const [header] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
  const col = (name: string) => header!.indexOf(name);
  const data = rows.map((values) => {
    const row = new Array<string>(header!.length).fill("");
    const [name, mob, team, total, lastPurchase] = values;
    row[col("Full Name")] = name!;
    row[col("Mobile Number")] = mob!;
    row[col("Team")] = team!;
    row[col("Total Sales (AED)")] = total ?? "";
    row[col("Last Purchase Date")] = lastPurchase ?? "";
    return row;
  });
  book.Sheets[book.SheetNames[0]!] = XLSX.utils.aoa_to_sheet([header!, ...data]);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

test.describe("Import Data with JavaScript", () => {
  test("downloads the template, uploads it filled in with live progress, notifies, and the client list has the new clients", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const { user } = await signInAs(context, "sales_front", "Rania Import");
    await page.goto("/import-data");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Client Data Import" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Zoho Form Import" })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download Template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Jewel_CRM_Import_Template.xlsx");
    const templatePath = await download.path();

    // Enough rows for several batches (a fifth of the file each, ~/domain/import-batches) and for the
    // import to outlast a few progress polls, so the overlay has progress to show.
    const rows = Array.from({ length: 4000 }, (_, i) => [
      `Import Client ${runPrefix}-${i}`,
      mobile(i),
      "Team A",
      i === 0 ? "AED 150,000" : "",
      i === 0 ? "10/01/2025" : "",
    ]);
    rows.push([`Import Twin ${runPrefix}`, mobile(1), "Team B", "", ""]);
    const file = fillTemplate(templatePath, rows);

    // Record every state the overlay passes through (it can be quicker than a polling assertion).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { overlaySeen: string[] }).overlaySeen = seen;
      new MutationObserver(() => {
        const overlay = document.querySelector('[role="alertdialog"]');
        if (overlay?.textContent) seen.push(overlay.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    // The answer is held back until the overlay has shown the rows processed, so a progress poll lands
    // before it even on a fast machine (on a slow one several do, mid-import; one after the import
    // ended reads every row).
    await page.route("**/api/import/clients", async (route) => {
      const response = await route.fetch();
      await page.waitForFunction(() =>
        (window as unknown as { overlaySeen: string[] }).overlaySeen.some((t) =>
          /Importing clients: [\d,]+ of 4,001 rows/.test(t),
        ),
      );
      await route.fulfill({ response });
    });

    const importButton = page.getByRole("button", { name: "Import Clients" });
    await expect(importButton).toBeDisabled();
    await page
      .locator("#client-file")
      .setInputFiles({ name: "clients.xlsx", mimeType: "application/octet-stream", buffer: file });
    await expect(page.getByTestId("client-chosen-file")).toContainText("clients.xlsx");
    await importButton.click();

    const notification = page.locator('[data-notification-type="success"]');
    await expect(notification).toContainText("Import Successful", { timeout: 90_000 });
    await expect(notification).toContainText("Imported 4,000 new clients. 1 row skipped");
    await expect(page).toHaveURL(/\/import-data\?run=/);

    const seen = await page.evaluate(() => (window as unknown as { overlaySeen: string[] }).overlaySeen);
    expect(seen.some((t) => /Importing clients: [\d,]+ of 4,001 rows/.test(t))).toBe(true);
    expect(seen.some((t) => t.includes("100%"))).toBe(true);
    expect(seen.every((t) => t.includes("Please don't navigate away during this process"))).toBe(true);

    const result = page.getByTestId("client-result");
    await expect(result.getByTestId("imported-count")).toHaveText("4,000");
    await expect(result.getByTestId("skipped-list")).toContainText(`Import Twin ${runPrefix}`);
    await expect(result.getByTestId("skipped-list")).toContainText("Repeats row 3 of this file");
    await expect(page.getByTestId("client-last-import")).toContainText("by Rania Import");
    await expect(page.locator("#client-file")).toHaveValue("");
    await expect(importButton).toBeDisabled();

    const first = await db.client.findUniqueOrThrow({
      where: { mobileNumber: stored(mobile(0)) },
      include: { sales: true },
    });
    expect(first).toMatchObject({ totalSalesFils: 15_000_000n, tier: "gold", createdById: user.id });
    expect(first.sales).toHaveLength(1);

    await page.getByRole("link", { name: "Customer Purchase History" }).first().click();
    await expect(page).toHaveURL(/\/customers/);
    await page.goto(`/customers?search=${encodeURIComponent(`Import Client ${runPrefix}-0`)}`);
    await expect(page.getByRole("table")).toContainText(`Import Client ${runPrefix}-0`);
    await expect(page.getByRole("table")).toContainText("AED 150,000.00");
  });

  test("checks the type of a dropped or chosen file before uploading", async ({ page, context }) => {
    await signInAs(context, "road_sales");
    await page.goto("/import-data");
    await waitForHydration(page);
    const drop = async (name: string, content: string) => {
      const transfer = await page.evaluateHandle(
        ({ name, content }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([content], name));
          return dt;
        },
        { name, content },
      );
      await page.getByTestId("client-drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
    };
    await drop("notes.txt", "hello");
    await expect(page.getByText("Invalid File Type").first()).toBeVisible();
    await expect(page.getByText("Please select an Excel (.xlsx, .xls) or CSV file").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Import Clients" })).toBeDisabled();

    await drop("dropped.csv", `Full Name,Mobile Number,Team\nDropped ${runPrefix},${mobile(5000)},Team C\n`);
    await expect(page.getByTestId("client-chosen-file")).toContainText("dropped.csv");
    await page.getByRole("button", { name: "Import Clients" }).click();
    await expect(page.locator('[data-notification-type="success"]')).toContainText("Imported 1 new client.");
  });

  test("a file the server refuses shows the failure notification and the reason", async ({ page, context }) => {
    await signInAs(context, "sales_back");
    await page.goto("/import-data");
    await waitForHydration(page);
    // Named .csv but holding binary: the extension passes in the browser, the content check on the server refuses it.
    await page
      .locator("#zoho-file")
      .setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from([0x4e, 0x00, 0x61, 0x00]) });
    await page.getByRole("button", { name: "Import Zoho Customers" }).click();
    const failed = page.locator('[data-notification-type="error"]');
    await expect(failed).toContainText("Zoho Import Failed");
    await expect(failed).toContainText("Invalid File Type: Please select an Excel (.xlsx, .xls) or CSV file");
    await expect(page.getByTestId("zoho-import-error")).toHaveText(
      "Invalid File Type: Please select an Excel (.xlsx, .xls) or CSV file",
    );
  });
});

test.describe("Import Data without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the form and shows the result page with skipped clients and errors", async ({ page, context }) => {
    await signInAs(context, "sales_back", "Nadia NoScript");
    const existing = mobile(6000);
    await db.client.create({
      data: { fullName: `Already ${runPrefix}`, mobileNumber: stored(existing), searchText: "already", team: "team_a" },
    });
    await page.goto("/import-data");
    const csv = [
      "Name,Phone,Team,Date of Birth",
      `NoJS New ${runPrefix},${mobile(6001)},Team B,15/03/1990`,
      `NoJS Dup ${runPrefix},${existing},Team B,`,
      `NoJS Bad ${runPrefix},123,Team B,`,
    ].join("\r\n");
    await page
      .locator("#zoho-file")
      .setInputFiles({ name: "zoho.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Import Zoho Customers" }).click();

    await expect(page).toHaveURL(/\/import-data\?run=/);
    const result = page.getByTestId("zoho-result");
    await expect(result).toContainText("Import complete");
    await expect(result.getByTestId("imported-count")).toHaveText("1");
    await expect(result.getByTestId("skipped-list")).toContainText(`NoJS Dup ${runPrefix}`);
    await expect(result.getByTestId("skipped-list")).toContainText(
      `This mobile number already belongs to Already ${runPrefix}.`,
    );
    await expect(result.getByTestId("error-list")).toContainText('Row 4: Phone "123": Enter a valid mobile number');
    await expect(page.getByText("Zoho Import Successful").first()).toBeVisible();
    await expect(page.getByTestId("zoho-last-import")).toContainText("by Nadia NoScript");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      result.getByRole("link", { name: "Export Skipped Customers" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Skipped_Customers_Export.xlsx");
  });

  test("updates a client already in the book when told to, counting updated and possible duplicates", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_back", "Nadia Update");
    const existing = mobile(6500);
    await db.client.create({
      data: {
        fullName: `Kept ${runPrefix}`,
        mobileNumber: stored(existing),
        searchText: "kept",
        team: "team_a",
        area: "Jumeirah",
        email: `kept${runPrefix}@example.com`,
        dupEmailKey: `kept${runPrefix}@example.com`,
      },
    });
    await page.goto("/import-data");
    const csv = [
      "Full Name,Mobile Number,Team,Area,Email",
      `Renamed ${runPrefix},${existing},Team A,Marina,`,
      `Lookalike ${runPrefix},${mobile(6501)},Team A,,kept${runPrefix}@example.com`,
    ].join("\r\n");
    await page
      .locator("#client-file")
      .setInputFiles({ name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByTestId("client-existing").getByLabel("Update with the file's filled cells").check();
    await page.getByRole("button", { name: "Import Clients" }).click();

    await expect(page).toHaveURL(/\/import-data\?run=/);
    const result = page.getByTestId("client-result");
    await expect(result.getByTestId("imported-count")).toHaveText("1");
    await expect(result.getByTestId("updated-count")).toHaveText("1");
    await expect(result.getByTestId("skipped-count")).toHaveText("0");
    await expect(result.getByTestId("possible-duplicates-count")).toHaveText("1");
    const updated = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(existing) } });
    expect(updated).toMatchObject({
      fullName: `Renamed ${runPrefix}`,
      area: "Marina",
      email: `kept${runPrefix}@example.com`,
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      result.getByRole("link", { name: "Export Possible Duplicates" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Possible_Duplicates_Export.xlsx");
  });

  test("imports a purchase history from its template; the clients' details list the sales with their items", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front", "Hind History");
    const known = await db.client.create({
      data: {
        fullName: `History Known ${runPrefix}`,
        mobileNumber: stored(mobile(7000)),
        searchText: "history known",
        team: "team_a",
      },
    });
    await page.goto("/import-data");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download Purchase History Template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Jewel_CRM_Purchase_History_Template.xlsx");

    // The template filled in as a POS export would be: one item per row, an invoice's rows together.
    const book = XLSX.read(readFileSync(await download.path()));
    const [header] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const line = (cells: Record<string, string>) => header!.map((h) => cells[h] ?? "");
    const newClient = { "Full Name": `History New ${runPrefix}`, "Mobile Number": mobile(7001), Team: "Team B" };
    const invoice = { "Invoice No": `H${runPrefix}-1`, "Sale Date": "15/01/2025", Showroom: "Dubai Mall" };
    book.Sheets[book.SheetNames[0]!] = XLSX.utils.aoa_to_sheet([
      header!,
      line({
        ...newClient,
        ...invoice,
        "Item Category": "Bangle",
        Metal: "Yellow gold",
        Karat: "21K",
        "Weight (g)": "32.4",
        "Item Price": "9,800",
      }),
      line({
        ...newClient,
        ...invoice,
        "Item Category": "Earrings",
        Metal: "White gold",
        Karat: "18",
        "Weight (g)": "4.25",
        Stone: "Diamond",
        "Stone Carats": "0.5",
        "Item Price": "12,500",
      }),
      line({
        "Full Name": known.fullName,
        "Mobile Number": mobile(7000),
        Team: "Team A",
        "Invoice No": `H${runPrefix}-2`,
        "Sale Date": "01/03/2025",
        Showroom: "Sharjah",
        "Item Category": "Ring",
        Metal: "Platinum",
        "Item Price": "1500",
      }),
    ]);
    const file = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    await page
      .locator("#client-file")
      .setInputFiles({ name: "pos-history.xlsx", mimeType: "application/octet-stream", buffer: file });
    await page.getByRole("button", { name: "Import Clients" }).click();

    await expect(page).toHaveURL(/\/import-data\?run=/);
    const result = page.getByTestId("client-result");
    await expect(result).toContainText("Imported 1 new client and 2 sales (3 items).");
    await expect(result.getByTestId("imported-count")).toHaveText("1");
    await expect(result.getByTestId("sales-count")).toHaveText("2 (3 items)");

    const created = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(mobile(7001)) } });
    await page.goto(`/customers/${created.id}`);
    const sale = page.getByTestId("sale-row").filter({ hasText: `H${runPrefix}-1` });
    await expect(sale).toContainText("AED 22,300.00");
    await expect(sale).toContainText("Dubai Mall");
    await expect(sale.getByTestId("sale-items")).toContainText("Bangle · 21K Yellow gold · 32.400 g");
    await expect(sale.getByTestId("sale-items")).toContainText("Earrings · 18K White gold · 4.250 g · Diamond 0.50 ct");

    await page.goto(`/customers/${known.id}`);
    const added = page.getByTestId("sale-row").filter({ hasText: `H${runPrefix}-2` });
    await expect(added).toContainText("AED 1,500.00");
    await expect(added.getByTestId("sale-items")).toContainText("Ring · Platinum");
  });

  test("a refused file is reported in its section", async ({ page, context }) => {
    await signInAs(context, "sales_front");
    await page.goto("/import-data");
    await page
      .locator("#client-file")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
    await page.getByRole("button", { name: "Import Clients" }).click();
    await expect(page.getByTestId("client-import-error")).toHaveText(
      "Invalid File Type: Please select an Excel (.xlsx, .xls) or CSV file",
    );
  });

  test("a file over 10 MB gets the size message and the server keeps serving", async ({ page, context }) => {
    await signInAs(context, "sales_front");
    await page.goto("/import-data");
    await page
      .locator("#client-file")
      .setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(11 * 1024 * 1024, "a") });
    await page.getByRole("button", { name: "Import Clients" }).click();
    await expect(page.getByTestId("client-import-error")).toContainText("File Too Large: the limit is 10 MB");
    await page.goto("/import-data");
    await expect(page.getByRole("heading", { name: "Client Data Import" })).toBeVisible();
  });
});
