import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import * as XLSX from "@e965/xlsx";
import { db, expect, signInAs, test, totpCode, waitForHydration } from "../support/e2e/fixtures";

const { createClient } = await import("~/services/client-writes.server");

const run = `Pv${Date.now().toString(36)}`;
const FULL_ID = "784-1979-2468135-4";

test.describe("Reveal an Emirates ID without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the details show it masked; Reveal posts and the resulting page shows the full number", async ({
    page,
    context,
  }) => {
    const { user } = await signInAs(context, "sales_front");
    const mobileNumber = `97158${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const created = await createClient(
      { fullName: `${run} Hidden`, mobileNumber, team: "team_a", emiratesId: FULL_ID },
      { actor: user },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.issues));

    await page.goto(`/customers/${created.client.id}`);
    const idNumber = page.locator("dt", { hasText: /^ID Number$/ }).locator("xpath=following-sibling::dd");
    await expect(idNumber).toHaveText("784-****-*******-4");
    await expect(page.getByText("2468135")).toHaveCount(0);

    await page.getByRole("button", { name: "Reveal Emirates ID" }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${created.client.id}$`));
    await expect(idNumber).toHaveText(FULL_ID);
    await expect(page.getByRole("button", { name: "Reveal Emirates ID" })).toHaveCount(0);

    const entries = await db.auditLog.findMany({
      where: { action: "client.emirates_id_revealed", actorId: user.id, targetId: String(created.client.id) },
    });
    expect(entries).toHaveLength(1);
  });
});

test("Reveal with JavaScript: the dialog shows the number in place, over the list", async ({ page, context }) => {
  const { user } = await signInAs(context, "road_sales");
  const mobileNumber = `97158${String((Date.now() + 1) % 10_000_000).padStart(7, "0")}`;
  const created = await createClient(
    { fullName: `${run} Dialog`, mobileNumber, team: "team_b", emiratesId: "784-1988-1357913-7" },
    { actor: user },
  );
  if (!created.ok) throw new Error(JSON.stringify(created.issues));
  await page.goto(`/customers?search=${run}%20Dialog`);
  await waitForHydration(page);
  await expect(page.getByTestId("customer-table")).toContainText("784-****-*******-7");
  // Opened from the list, the dialog sits over it (a direct link would open over a light page).
  await page.getByRole("link", { name: `View ${run} Dialog` }).click();
  const dialog = page.getByRole("dialog");
  const idNumber = dialog.locator("dt", { hasText: /^ID Number$/ }).locator("xpath=following-sibling::dd");
  await expect(idNumber).toHaveText("784-****-*******-7");
  await dialog.getByRole("button", { name: "Reveal Emirates ID" }).click();
  await expect(idNumber).toHaveText("784-1988-1357913-7");
  await expect(page.getByTestId("customer-table")).toContainText("784-****-*******-7");
});

/** A client with personal data to erase or export, added as the app adds one. */
async function personalClient(user: { id: string; name: string }, name: string, offset: number) {
  const mobileNumber = `97156${String((Date.now() + offset) % 10_000_000).padStart(7, "0")}`;
  const created = await createClient(
    {
      fullName: `${run} ${name}`,
      mobileNumber,
      team: "team_a",
      email: `${name.toLowerCase()}.${run.toLowerCase()}@example.com`,
      emiratesId: "784-1985-1122334-5",
      dateOfBirth: "1985-04-09",
    },
    { actor: user },
  );
  if (!created.ok) throw new Error(JSON.stringify(created.issues));
  return { ...created.client, mobileNumber };
}

/** Erasure from the details: the typed name and a fresh code, then the tombstone (docs/privacy.md). */
async function eraseFromDetails(page: Page, fullName: string, secret: string) {
  await page.getByRole("link", { name: "Erase this client" }).click();
  await expect(page.getByRole("heading", { name: "Erase this client" })).toBeVisible();
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  await page.getByLabel("Type the client's full name to confirm").fill(fullName);
  await page.getByLabel("6-digit code from your authenticator app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Erase this client" }).click();
  await expect(page.getByText("Client erased").first()).toBeVisible();
}

test.describe("Erase a client without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the details link to the prompt; a wrong name is refused, then the name and a code erase", async ({
    page,
    context,
  }) => {
    const { user, secret } = await signInAs(context, "admin");
    const client = await personalClient(user, "Plainerase", 2);
    await page.goto(`/customers/${client.id}`);
    await page.getByRole("link", { name: "Erase this client" }).click();
    await page.getByLabel("Type the client's full name to confirm").fill("Someone Else");
    await page.getByLabel("6-digit code from your authenticator app").fill("123456");
    await page.getByRole("button", { name: "Erase this client" }).click();
    await expect(page.getByText("Type the client's full name exactly as shown to confirm")).toBeVisible();
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).erasedAt).toBeNull();

    await page.goto(`/customers/${client.id}`);
    await eraseFromDetails(page, `${run} Plainerase`, secret);
    await expect(page).toHaveURL(new RegExp(`/customers/${client.id}$`));
    const dialog = page.getByRole("dialog", { name: "Customer Details" });
    await expect(dialog).toContainText(`Erased client #${client.id}`);
    await expect(dialog).toContainText("personal data was erased");
    await expect(dialog).not.toContainText("Plainerase");
    await expect(page.getByRole("link", { name: "Erase this client" })).toHaveCount(0);
    const row = await db.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row).toMatchObject({ email: null, emiratesId: null, dateOfBirth: null });
    expect(row.mobileNumber).not.toBe(client.mobileNumber);
  });
});

test("Erase a client with JavaScript, from the details dialog over the list", async ({ page, context }) => {
  const { user, secret } = await signInAs(context, "admin");
  const client = await personalClient(user, "Jserase", 3);
  await page.goto(`/customers?search=${encodeURIComponent(`${run} Jserase`)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View ${run} Jserase` }).click();
  await expect(page.getByRole("dialog", { name: "Customer Details" })).toBeVisible();
  await eraseFromDetails(page, `${run} Jserase`, secret);
  await expect(page).toHaveURL(new RegExp(`/customers/${client.id}$`));
  await expect(page.getByRole("dialog", { name: "Customer Details" })).toContainText(`Erased client #${client.id}`);
  expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).erasedAt).not.toBeNull();
  // The freed mobile takes a new client.
  const again = await createClient(
    { fullName: `${run} Jserase Again`, mobileNumber: client.mobileNumber, team: "team_a" },
    { actor: user },
  );
  expect(again.ok).toBe(true);
});

test("Export this client's data downloads one workbook from the details", async ({ page, context }) => {
  const { user } = await signInAs(context, "admin");
  const client = await personalClient(user, "Exported", 4);
  await page.goto(`/customers/${client.id}`);
  // Clicked once the page has hydrated, as the other JavaScript tests do: two CI runs lost a click
  // made in the instant the page hydrated and its service worker installed (no request was sent).
  await waitForHydration(page);
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export this client's data" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^client-${client.id}-data-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const book = XLSX.read(await readFile(await download.path()));
  expect(book.SheetNames).toEqual([
    "Client",
    "Consent",
    "Sales",
    "Cash",
    "Contacts",
    "Follow-ups",
    "Quotes",
    "Jobs",
    "Audit",
  ]);
  expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets.Client!, { header: 1 })).toContainEqual([
    "Full name",
    `${run} Exported`,
  ]);
  const entries = await db.auditLog.count({
    where: { action: "client.data_exported", actorId: user.id, targetId: String(client.id) },
  });
  expect(entries).toBe(1);
});

test.describe("Data Retention without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin sets the periods from the profile, with the form alone", async ({ page, context }) => {
    await signInAs(context, "admin");
    await page.goto("/profile");
    await page.getByRole("link", { name: /Data Retention/ }).click();
    await expect(page.getByRole("heading", { name: "Data Retention" })).toBeVisible();
    await expect(page.getByTestId("retention-due")).toContainText("Deleted clients to erase:");

    await page.getByLabel("Erase deleted clients after (days)").fill("120");
    await page.getByLabel("Clear the note and outcome of contacts older than").check();
    await page.getByLabel("Months to keep contact notes").fill("18");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Retention periods saved")).toBeVisible();
    await expect(page.getByLabel("Erase deleted clients after (days)")).toHaveValue("120");
    expect(await db.retentionSettings.findUnique({ where: { id: 1 } })).toMatchObject({
      erasedAfterDays: 120,
      auditMonths: 24,
      contactNoteMonths: 18,
    });
  });
});

test("Data Retention with JavaScript: a period out of bounds is named under its field and nothing is saved", async ({
  page,
  context,
}) => {
  await signInAs(context, "admin");
  const before = await db.retentionSettings.findUnique({ where: { id: 1 } });
  await page.goto("/profile/retention");
  await waitForHydration(page);
  const days = page.getByLabel("Erase deleted clients after (days)");
  await days.fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Deleted clients: at least 7 days")).toBeVisible();
  await expect(days).toHaveValue("3");
  expect(await db.retentionSettings.findUnique({ where: { id: 1 } })).toEqual(before);
});
