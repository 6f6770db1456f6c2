import type { Page } from "@playwright/test";
import { arabicStaff, expect, expectArabicDocument, test, waitForHydration } from "../support/e2e/fixtures";

// Catalogs per route (docs/decisions/040-catalogs-per-route.md): the document carries no catalog texts; the
// browser fetches the namespaces its routes name, as fingerprinted files, before hydrating and before a
// navigation's new screen renders.

test.use({ locale: "ar", extraHTTPHeaders: { "Accept-Language": "ar" } });

/** The console's warnings and errors, and the catalog files the page fetched. */
function watch(page: Page) {
  const problems: string[] = [];
  const catalogs: { url: string; cacheControl: string }[] = [];
  page.on("console", (message) => {
    // Playwright blocks the service worker (playwright.config.ts) and says so.
    if (["warning", "error"].includes(message.type()) && !/Service Worker/.test(message.text()))
      problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("response", (response) => {
    if (/\/assets\/[^/]+\.json$/.test(response.url()))
      catalogs.push({ url: new URL(response.url()).pathname, cacheControl: response.headers()["cache-control"] ?? "" });
  });
  return { problems, catalogs };
}

test("the sign-in page in Arabic fetches its own catalogs as long-kept files and hydrates in Arabic", async ({
  page,
}) => {
  const seen = watch(page);
  const response = await page.goto("/login?change=1");
  const html = await response!.text();
  // No data block of texts: only the preload links of the route's files.
  expect(html).not.toContain('type="application/json"');
  expect(html).not.toContain("page-catalogs");
  expect(html.length).toBeLessThan(40_000);
  const preloads = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(preloads.map((href) => href!.replace(/-[\w-]+\.json$/, "")).sort()).toEqual(
    ["/assets/account", "/assets/common", "/assets/login", "/assets/validation"].sort(),
  );

  await waitForHydration(page);
  await expectArabicDocument(page);
  await expect(page.getByRole("button", { name: "متابعة" })).toBeVisible();
  await expect(page.getByLabel("البريد الإلكتروني للعمل")).toBeVisible();
  // Each preloaded file fetched once (the preload), kept for a year under its content's hash.
  expect(seen.catalogs.map((file) => file.url).sort()).toEqual([...preloads].sort());
  for (const file of seen.catalogs) expect(file.cacheControl).toContain("immutable");
  expect(seen.problems).toEqual([]);
});

test("a navigation renders the next screen once its catalogs are in, never its keys", async ({ page, context }) => {
  await arabicStaff(context, "admin");
  const seen = watch(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  expect(seen.catalogs.some((file) => file.url.includes("/reports-"))).toBe(false);
  const heading = page.getByRole("heading", { level: 1 });
  // Every text the new screen shows, from its first paint: a key would be Latin letters.
  const firstHeadings: string[] = [];
  await page.exposeFunction("reportHeading", (text: string) => firstHeadings.push(text));
  await page.evaluate(() => {
    new MutationObserver(() => {
      const h1 = document.querySelector("h1");
      if (h1) (window as unknown as { reportHeading: (text: string) => void }).reportHeading(h1.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.locator('a[href="/reports"]:visible').first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(heading).toHaveText("تقرير المبيعات");
  expect(firstHeadings.filter((text) => /[A-Za-z]/.test(text))).toEqual([]);
  expect(seen.catalogs.some((file) => file.url.includes("/reports-"))).toBe(true);
  expect(seen.problems).toEqual([]);
});
