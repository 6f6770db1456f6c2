import type { Page } from "@playwright/test";
import { expect, signInAs, test, waitForHydration } from "./support/fixtures";

const { createClient } = await import("~/services/client-writes.server");

// The app's modules are fetched once the page has painted (docs/decisions/038): fetched earlier, on
// a slow connection they share the line with the document and its stylesheet.

/** When the page first painted, and when its first and last JavaScript file were asked for (ms). */
async function paintAndScripts(page: Page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { paint, scripts };
  });
}

test("a page's JavaScript is asked for only after its first paint, and the page then hydrates", async ({
  page,
  context,
}) => {
  await page.goto("/login");
  await waitForHydration(page);
  const login = await paintAndScripts(page);
  expect(login.paint).not.toBeNull();
  expect(login.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...login.scripts)).toBeGreaterThanOrEqual(login.paint!);

  // A client's details over its light page: the short document whose scripts came before the paint.
  const { user } = await signInAs(context, "sales_front");
  const result = await createClient(
    {
      fullName: `Paint ${Date.now().toString(36)}`,
      team: "team_a",
      mobileNumber: `97155${String(Date.now() % 10_000_000).padStart(7, "0")}`,
    },
    { actor: user },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  await page.goto(`/customers/${result.client.id}`);
  await waitForHydration(page);
  const details = await paintAndScripts(page);
  expect(Math.min(...details.scripts)).toBeGreaterThanOrEqual(details.paint!);
  // The server's document names no module to preload: the links come from the script, after the paint.
  const html = await (
    await page.request.get(`/customers/${result.client.id}`, { headers: { "Sec-Fetch-Dest": "document" } })
  ).text();
  expect(html).not.toContain('rel="modulepreload"');
  await expect(page.locator('head link[rel="modulepreload"]')).not.toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Customer Details" })).toBeFocused();
});
