import type { Page } from "@playwright/test";
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import { PRODUCT_NAME, PRODUCT_SHORT_NAME } from "~/domain/product";
import { E2E_ENV } from "../support/e2e/env";
import { db, expect, signInAs, test, waitForHydration } from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

// The service worker is what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

// The e2e database is shared by every spec file: each test makes its own uniquely named data.
const OFFLINE_TEXT = "You are offline — the client book needs a connection";

/** Waits until the service worker runs this page and has precached the offline page. */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => page.evaluate(async () => (await caches.match("/offline.html")) !== undefined)).toBe(true);
}

/** Every response in the page's Cache Storage, with its body. */
async function cachedResponses(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: new URL(request.url).pathname, body: response ? await response.text() : "" });
      }
    }
    return entries;
  });
}

/** A client whose birthday is today, so the dashboard's Birthdays panel names them. */
async function addBirthdayClient(name: string) {
  const dateOfBirth = dateFromIso(`1992-${businessToday().slice(5)}`);
  const mobileNumber = nextMobile();
  return db.client.create({
    data: {
      fullName: name,
      mobileNumber,
      searchText: `${name} ${mobileNumber}`.toLowerCase(),
      dateOfBirth,
      birthMonthDay: monthDayOf(dateOfBirth),
    },
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function fakeInstallPrompt(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: "dismissed" as const }),
    });
    window.dispatchEvent(event);
  });
}

test.describe("installable app", () => {
  test("every page links the manifest, which describes the installed app", async ({ page, context }) => {
    await signInAs(context, "sales_front");
    for (const path of ["/login?change=1", "/dashboard", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    }
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");

    const res = await page.request.get("/manifest.webmanifest");
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: PRODUCT_NAME,
      short_name: PRODUCT_SHORT_NAME,
      id: "/",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#7c561d",
      background_color: "#f6f6f8",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    // Each icon is a real PNG of the size the manifest claims.
    for (const icon of [...manifest.icons, { src: "/apple-touch-icon.png", sizes: "180x180" }]) {
      const image = await page.request.get(icon.src);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await image.body())).toBe(icon.sizes);
    }
  });

  test("the installed app opens on each role's own home, road sales included", async ({ browser, baseURL }) => {
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as { start_url: string };
    for (const [role, home] of [
      ["road_sales", "/customers"],
      ["sales_front", "/dashboard"],
      ["admin", "/dashboard"],
    ] as const) {
      const context = await browser.newContext();
      await signInAs(context, role);
      const page = await context.newPage();
      await page.goto(new URL(manifest.start_url, baseURL).href);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
      await expect(page.getByText("Access Restricted")).toHaveCount(0);
      await context.close();
    }
  });

  test("the worker registers only once the page has hydrated, or after load when the bundles never come", async ({
    browser,
    baseURL,
  }) => {
    // Its install fetches the whole build: on a first visit it must not compete with hydration.
    async function pageNotingRegistration() {
      const context = await browser.newContext({ baseURL, serviceWorkers: "allow" });
      await context.addInitScript(() => {
        const container = navigator.serviceWorker;
        const register = container.register.bind(container);
        container.register = (...args: Parameters<typeof register>) => {
          const root = document.documentElement;
          root.dataset.registeredWhenHydrated = String(root.hasAttribute("data-hydrated"));
          return register(...args);
        };
      });
      return context.newPage();
    }
    const page = await pageNotingRegistration();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-registered-when-hydrated", "true");
    await page.context().close();

    const withoutBundles = await pageNotingRegistration();
    await withoutBundles.route("**/assets/*.js", (route) => route.abort());
    // The fallback registers 10 s after load, then when the browser is idle: the page's clock is moved
    // on past both rather than waited out.
    await withoutBundles.clock.install();
    await withoutBundles.goto("/login");
    await expect(withoutBundles.locator("html")).not.toHaveAttribute("data-registered-when-hydrated");
    await withoutBundles.clock.runFor(9_000);
    await expect(withoutBundles.locator("html")).not.toHaveAttribute("data-registered-when-hydrated");
    await withoutBundles.clock.runFor(2_000);
    await expect(withoutBundles.locator("html")).toHaveAttribute("data-registered-when-hydrated", "false");
    await withoutBundles.evaluate(() => navigator.serviceWorker.ready);
    await withoutBundles.context().close();
  });

  test("the page registers the service worker on load; its script is JavaScript, never cached", async ({ page }) => {
    await page.goto("/login");
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(scriptUrl!).pathname).toBe("/entry.worker.js");
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    );
    expect(registrations).toHaveLength(1);
    const script = await page.request.get("/entry.worker.js");
    expect(script.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(script.headers()["cache-control"]).toBe("no-cache");
  });
});

test.describe("offline", () => {
  test("opening a page offline shows the offline page, and Retry loads it once back online", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front");
    await page.goto("/dashboard");
    await workerInControl(page);

    await context.setOffline(true);
    await page.goto("/customers");
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(page).toHaveURL(/\/customers$/);

    await context.setOffline(false);
    await page.getByRole("link", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { name: "Customer Purchase History" })).toBeVisible();
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  });

  test("following a link offline (client-side navigation) also lands on the offline page", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front");
    await page.goto("/dashboard");
    await waitForHydration(page);
    await workerInControl(page);

    await context.setOffline(true);
    await page.getByRole("navigation").getByRole("link", { name: "Customer Purchase History" }).click();
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(page).toHaveURL(/\/customers$/);
    await context.setOffline(false);
  });
});

test.describe("shared phones", () => {
  test("signed-in pages, data and /api answers are never cached, and sign-out empties the app's caches", async ({
    page,
    context,
  }) => {
    const suffix = uniqueDigits();
    const staffName = `Cachecheck${suffix} Staff`;
    const clientName = `Cachecheck Client ${suffix}`;
    await signInAs(context, "sales_front", staffName);
    await addBirthdayClient(clientName);

    await page.goto("/dashboard");
    await waitForHydration(page);
    await workerInControl(page);
    await expect(page.getByText(clientName).first()).toBeVisible();
    // A client-side visit (Remix data request) and an /api call, both through the worker.
    await page.getByRole("navigation").getByRole("link", { name: "Customer Purchase History" }).click();
    await expect(page.getByRole("heading", { name: "Customer Purchase History" })).toBeVisible();
    const api = await page.evaluate(
      async (name) => (await fetch(`/api/clients?search=${encodeURIComponent(name)}`)).text(),
      clientName,
    );
    expect(api).toContain(clientName);

    const beforeSignOut = await cachedResponses(page);
    // The signed-in screens' code is precached; client data never is.
    expect(beforeSignOut.some((entry) => entry.url.startsWith("/assets/_app.customers"))).toBe(true);
    for (const entry of beforeSignOut) {
      expect(entry.url).toMatch(/^\/(assets\/|icons\/|offline\.html$|favicon\.svg$|apple-touch-icon\.png$)/);
      expect(entry.body).not.toContain(clientName);
      expect(entry.body).not.toContain(staffName);
    }

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Emptied: only what the sign-in page has loaded since, and the offline page put back.
    await expect
      .poll(async () => (await cachedResponses(page)).some((entry) => entry.url.startsWith("/assets/_app.customers")))
      .toBe(false);
    await expect
      .poll(async () => (await cachedResponses(page)).some((entry) => entry.url === "/offline.html"))
      .toBe(true);
    const afterSignOut = await cachedResponses(page);
    expect(afterSignOut.length).toBeLessThan(beforeSignOut.length);
    for (const entry of afterSignOut) {
      expect(entry.body).not.toContain(clientName);
      expect(entry.body).not.toContain(staffName);
    }
  });
});

test.describe("before the app's JavaScript has loaded", () => {
  test("a plain form post goes through the worker: Sign Out still signs out and empties the caches", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_front");
    await page.goto("/customers");
    await workerInControl(page);
    expect((await cachedResponses(page)).some((entry) => entry.url.startsWith("/assets/_app.customers"))).toBe(true);
    // form.submit() posts natively, as the page does when React never hydrated.
    await Promise.all([
      page.waitForURL(/\/login$/),
      page.locator('form[action="/logout"]').evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    await expect(page.getByText("Logged Out", { exact: true }).first()).toBeVisible();
    await expect
      .poll(async () => (await cachedResponses(page)).some((entry) => entry.url.startsWith("/assets/_app.customers")))
      .toBe(false);
  });
});

test.describe("updates", () => {
  test("a new version waits, the page offers 'Reload to update', then it takes over and drops the old caches", async ({
    page,
  }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await workerInControl(page);
    const [oldCache] = await page.evaluate(() => caches.keys());
    expect(oldCache).toMatch(/^jewel-crm-static-/);

    // Deploy the next build: the same worker with one more file in its list, so its cache gets a new name.
    const workerFile = resolve(E2E_ENV.BUILD_DIR!, "client/entry.worker.js");
    const current = await readFile(workerFile, "utf8");
    await writeFile(workerFile, `${current}\nself.__workerManifest.assets.push("/favicon.svg?next");\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const reload = page.getByRole("button", { name: "Reload to update" });
      await expect(reload).toBeVisible();
      // A reload alone does not switch versions; the offer is still there.
      await page.reload();
      await waitForHydration(page);
      await expect(reload).toBeVisible();
      // Until asked, the old version keeps running and its files stay.
      expect(await page.evaluate(() => caches.keys())).toContain(oldCache);
      await Promise.all([page.waitForEvent("load"), reload.click()]);
      await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(oldCache);
      await expect.poll(async () => (await page.evaluate(() => caches.keys())).length).toBe(1);
      await expect(reload).toHaveCount(0);
    } finally {
      await writeFile(workerFile, current);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages still link the manifest, and Sign Out tells the browser to drop its cached pages", async ({
    page,
    context,
  }) => {
    await signInAs(context, "sales_back");
    await page.goto("/dashboard");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const signOut = page.waitForResponse(
      (res) => new URL(res.url()).pathname === "/logout" && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Sign Out" }).click();
    expect((await (await signOut).allHeaders())["clear-site-data"]).toBe('"cache"');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });
});

test.describe("install banner", () => {
  test("appears when the browser offers an install, and stays dismissed after a reload", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: `Install ${PRODUCT_NAME}` });
    await expect(banner).toHaveCount(0);

    await fakeInstallPrompt(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Install" })).toBeVisible();
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(banner).toHaveCount(0);

    await page.reload();
    await waitForHydration(page);
    await fakeInstallPrompt(page);
    await expect(banner).toHaveCount(0);
  });

  test("Install opens the browser's prompt, then the banner goes", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await page.evaluate(() => {
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => {
          document.documentElement.dataset.installPrompted = "true";
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: "accepted" as const }),
      });
      window.dispatchEvent(event);
    });
    const banner = page.getByRole("region", { name: `Install ${PRODUCT_NAME}` });
    await banner.getByRole("button", { name: "Install" }).click();
    await expect(page.locator("html[data-install-prompted]")).toBeAttached();
    await expect(banner).toHaveCount(0);
  });
});

test.describe("install banner on an iPhone", () => {
  test.use({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  });

  test("Safari, which has no install prompt, gets the one-line Add to Home Screen hint", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: `Install ${PRODUCT_NAME}` });
    await expect(banner).toContainText("Add to Home Screen");
    await expect(banner.getByRole("button", { name: "Install" })).toHaveCount(0);
  });
});
