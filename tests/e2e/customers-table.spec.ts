import {
  addClient,
  clientRows,
  expect,
  pressEscapeIn,
  signInAs,
  test,
  waitForHydration,
} from "../support/e2e/fixtures";

// The table's Edit/View are plain links that one handler on the table turns into in-app
// navigation: the list must stay where the user scrolled, not reload under the modal.
const run = `Zt${Date.now().toString(36)}`;

test("opening a client from far down the list keeps the list and its scroll position", async ({ page, context }) => {
  const { user } = await signInAs(context, "sales_front");
  for (let i = 1; i <= 40; i++) {
    await addClient(user, { fullName: `${run} Row ${String(i).padStart(2, "0")}` });
  }
  await page.goto(`/customers?search=${run}`);
  await waitForHydration(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });

  const farRow = page
    .getByTestId("customer-table")
    .locator("tbody tr")
    .filter({ hasText: `${run} Row 01` });
  // Scrolled down with the wheel, as a person does: every row passes the screen and is laid out
  // once. (Rows are laid out lazily; a jump straight to the row would leave the ones above it at
  // their estimated height, and Playwright's own queries lay them out later, moving the page.)
  await page.mouse.move(640, 360);
  const atBottom = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 1);
  while (!(await atBottom())) {
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await expect(farRow).toBeInViewport();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  await farRow.getByRole("link", { name: `Edit ${run} Row 01` }).click();
  await pressEscapeIn(page.getByRole("dialog", { name: "Edit Customer" }));
  await farRow.getByRole("link", { name: `View ${run} Row 01` }).click();
  const details = page.getByRole("dialog", { name: "Customer Details" });
  await expect(details).toBeVisible();
  // The dialog takes the focus (keyboard and screen reader users land in it).
  await expect(details).toBeFocused();

  expect(documents).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // A modified click is still a link: it opens a new tab rather than the modal.
  await pressEscapeIn(details);
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    farRow.getByRole("link", { name: `View ${run} Row 01` }).click({ modifiers: ["Control"] }),
  ]);
  await expect(tab).toHaveURL(/\/customers\/\d+\?search=/);
  // Loaded as a whole page, the dialog takes the focus once hydrated, as when opened in the app.
  await waitForHydration(tab);
  await expect(tab.getByRole("dialog", { name: "Customer Details" })).toBeFocused();
});

test("a whole page carries its rows once, as HTML, and they work once the page hydrates", async ({ page, context }) => {
  const { user } = await signInAs(context, "sales_front");
  const names = [`${run} Once A`, `${run} Once B`] as const;
  for (const fullName of names) {
    await addClient(user, { fullName });
  }
  const response = await page.goto(`/customers?search=${encodeURIComponent(`${run} Once`)}`);
  const html = (await response?.text()) ?? "";
  const scripts = (html.match(/<script[\s\S]*?<\/script>/g) ?? []).join("\n");
  // The rows are in the table's HTML, and not again in the data the browser hydrates from.
  for (const name of names) {
    expect(html).toContain(name);
    expect(scripts).not.toContain(name);
  }
  await waitForHydration(page);
  const table = page.getByTestId("customer-table");
  await expect(table.locator("tbody tr")).toHaveCount(2);

  // After hydration the rows sent as HTML are counted when ticked and open in the app.
  await table.getByLabel(`Select ${names[0]}`).check();
  await table.getByLabel(`Select ${names[1]}`).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await table.getByRole("link", { name: `View ${names[1]}` }).click();
  await expect(page.getByRole("dialog", { name: "Customer Details" })).toContainText(names[1]);
  await pressEscapeIn(page.getByRole("dialog", { name: "Customer Details" }));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(documents).toEqual([]);

  // A later list comes as data and is rendered in the browser.
  await page.getByLabel("Search", { exact: true }).fill(names[0]);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText(names[0]);
  await expect(page.getByText("2 selected")).toHaveCount(0);
});

test("a page whose rows missed their place in the document asks for them as data", async ({ page, context }) => {
  const { user } = await signInAs(context, "sales_front");
  const fullName = `${run} Lost Rows`;
  await addClient(user, { fullName });
  // The document as it would come if the kept rows never took their marker's place.
  await page.route(/\/customers\?search=/, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    // Fetched again as the browser's navigation asks (Playwright's own fetch would not say "document").
    const response = await route.fetch({
      headers: { ...(await route.request().allHeaders()), "sec-fetch-dest": "document" },
    });
    const body = (await response.text()).replace(
      /(<tbody[^>]*id="client-rows"[^>]*>)[\s\S]*?(<\/tbody>)/,
      "$1<!--document-html:client-rows-->$2",
    );
    expect(body).toContain(
      '<tbody id="client-rows" class="divide-y divide-gray-100"><!--document-html:client-rows--></tbody>',
    );
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
    );
    await route.fulfill({ response, headers, body });
  });
  await page.goto(`/customers?search=${encodeURIComponent(fullName)}`);
  await waitForHydration(page);
  const table = page.getByTestId("customer-table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText(fullName);
});

test("a whole page comes gzipped with its rows, the first time and once they are kept", async ({ page, context }) => {
  const { user } = await signInAs(context, "sales_front");
  const fullName = `${run} Gzipped · مريم`;
  await addClient(user, { fullName });
  // The second load is served from the kept page, its rows compressed once (decision 034).
  for (let load = 0; load < 2; load++) {
    const response = await page.goto(`/customers?search=${encodeURIComponent(fullName)}`);
    expect(response?.headers()["content-encoding"]).toBe("gzip");
    expect(response?.headers()["vary"]).toMatch(/Accept-Encoding/i);
    await expect(clientRows(page)).toHaveCount(1);
    await expect(clientRows(page)).toContainText(fullName);
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a client's details opened by a direct link sit over a light page", async ({ page, context }) => {
      const { user } = await signInAs(context, "sales_front");
      const client = await addClient(user, { fullName: `${run} Direct ${javaScriptEnabled ? "On" : "Off"}` });
      await page.goto(`/customers/${client.id}?search=${run}`);
      if (javaScriptEnabled) await waitForHydration(page);

      await expect(page.getByRole("dialog", { name: "Customer Details" })).toContainText(
        `${run} Direct ${javaScriptEnabled ? "On" : "Off"}`,
      );
      // No list is rendered behind it: the page stays short on a phone and cheap on the server.
      await expect(page.getByTestId("customer-table")).toHaveCount(0);
      // (Behind a modal dialog the page is inert, so it is found by its text, not its role.)
      await expect(page.locator("a", { hasText: "Show the list" })).toHaveAttribute("href", `/customers?search=${run}`);

      // Closing the dialog brings the list it stood in for.
      await page.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(new RegExp(`/customers\\?search=${run}$`));
      await expect(
        page.getByTestId("customer-table").getByText(`${run} Direct ${javaScriptEnabled ? "On" : "Off"}`),
      ).toBeVisible();
    });
  });
}
