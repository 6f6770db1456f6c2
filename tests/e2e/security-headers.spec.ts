import { spawn, type ChildProcess } from "node:child_process";
import { E2E_ENV } from "../support/e2e/env";
import {
  createStaff,
  db,
  expect,
  signInAs,
  signInContext,
  test,
  totpCode,
  waitForHydration,
} from "../support/e2e/fixtures";
import { nextMobile, uniqueDigits } from "../support/e2e/unique-values";

test.describe("Content-Security-Policy", () => {
  // The service worker's script runs under the policy too (the config blocks it elsewhere).
  test.use({ serviceWorkers: "allow" });
  test("an injected inline script does not run; the app still hydrates and registers its worker", async ({
    page,
    context,
  }) => {
    await signInAs(context, "admin");
    // Stand in for an XSS hole: the server's answer with a script tag slipped into it (same headers).
    await page.route("**/dashboard", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("<head>", "<head><script>window.__injected = true</script>");
      await route.fulfill({ response, body: html });
    });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto("/dashboard");
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe("/");
    // The injected script is the only thing refused: the app's own scripts all carry the nonce.
    expect(violations).toHaveLength(1);
  });

  test("signed-in pages run with no refused script", async ({ page, context }) => {
    // Six pages hydrate in turn, the client book's 500 rows among them: with both e2e halves running
    // on a 2-core CI machine that one page once took over 10 s.
    test.setTimeout(90_000);
    await signInAs(context, "admin");
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    for (const path of ["/dashboard", "/customers", "/customers/new", "/import-data", "/ai-assistant", "/profile"]) {
      await page.goto(path);
      await waitForHydration(page, { timeout: 30_000 });
    }
    // A client-side navigation loads route modules through the nonce-trusted entry ('strict-dynamic').
    await page.getByRole("link", { name: "Customer Purchase History" }).first().click();
    await expect(page).toHaveURL(/\/customers/);
    expect(violations).toEqual([]);
  });
});

test.describe("Cache-Control", () => {
  test("pages and /api answers are no-store; fingerprinted assets are cached for a year", async ({ page, context }) => {
    await signInAs(context, "admin");
    for (const path of ["/dashboard", "/customers", "/account/authenticator", "/profile/security", "/login"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
    for (const path of ["/api/clients", "/api/auth/me", "/api/dashboard/metrics", "/api/users"]) {
      const response = await page.request.get(path);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
    const html = await (await page.request.get("/dashboard")).text();
    // A script module, not a catalog file (.json), which is fingerprinted under /assets too.
    const asset = /\/assets\/[\w.-]+\.js(?=")/.exec(html)![0];
    expect((await page.request.get(asset)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("after the session ends, Back does not show the client list again", async ({ page, context }) => {
      const { user } = await createStaff("admin");
      await signInContext(context, user.id);
      const name = `Back Button ${uniqueDigits()}`;
      const mobileNumber = nextMobile();
      await db.client.create({
        data: { fullName: name, mobileNumber, searchText: `${name} ${mobileNumber}`.toLowerCase() },
      });
      await page.goto(`/customers?search=${encodeURIComponent(name)}`);
      await expect(page.getByText(name).first()).toBeVisible();
      await page.goto("/dashboard");
      // Idle or absolute expiry ends the session on the server; the cookie is still in the browser.
      await db.session.deleteMany({ where: { userId: user.id } });
      await page.goBack();
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByText(name)).toHaveCount(0);
    });
  });
});

/** The built server once more, with the given environment, on a free port; resolves to its base URL. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, ...E2E_ENV, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1].replace("localhost", "127.0.0.1"));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { base, child };
}

test.describe("behind a proxy (TRUST_PROXY=1, https APP_ORIGIN)", () => {
  let server: { base: string; child: ChildProcess };
  test.beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1", APP_ORIGIN: "https://crm.example.test" });
  });
  test.afterAll(() => {
    server?.child.kill();
  });

  test("the address is the proxy's right-most X-Forwarded-For entry, whatever the client puts before it", async ({
    playwright,
  }) => {
    const { user, secret } = await createStaff("sales_front");
    const api = await playwright.request.newContext({ baseURL: server.base });
    const wrong = totpCode(secret) === "000000" ? "111111" : "000000";
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const response = await api.post("/api/auth/verify-totp", {
        data: { userId: user.id, token: wrong },
        headers: { "X-Forwarded-For": `${forged}, 203.0.113.7` },
      });
      expect(response.status()).toBe(401);
    }
    const attempts = await db.authAttempt.findMany({ where: { userId: user.id } });
    expect(attempts.map((a) => a.ip)).toEqual(["203.0.113.7", "203.0.113.7", "203.0.113.7"]);
    const audit = await db.auditLog.findMany({ where: { targetId: user.id } });
    expect(new Set(audit.map((a) => a.ip))).toEqual(new Set(["203.0.113.7"]));

    // Served over HTTPS: the session cookie is Secure with the __Host- prefix, and HSTS is on.
    const signIn = await api.post("/api/auth/verify-totp", {
      data: { userId: user.id, token: totpCode(secret) },
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
    expect(signIn.status()).toBe(200);
    expect(signIn.headers()["set-cookie"]).toMatch(/^__Host-crm_session=[^;]+;.*Secure/);
    expect(signIn.headers()["strict-transport-security"]).toBe("max-age=31536000");
    expect(signIn.headers()["cache-control"]).toBe("no-store");
    await api.dispose();
  });
});
