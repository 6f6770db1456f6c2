import type { Page } from "@playwright/test";
import { createStaff, expect, test, totpCode, waitForHydration } from "../support/e2e/fixtures";

// After sign-in the app follows ?redirectTo= only to a path on this site. Browsers drop tabs and
// newlines from URLs and read "\" as "/", so "/<TAB>/evil.example" would be "//evil.example".
const CRAFTED = [
  { name: "tab", query: "%2F%09%2Fevil.example" },
  { name: "newline", query: "%2F%0A%2Fevil.example" },
  { name: "backslash", query: "%2F%5Cevil.example" },
  { name: "dot segment", query: "%2F.%2F%2Fevil.example" },
];

async function signInWithRedirect(page: Page, query: string, js: boolean) {
  // Each sign-in has its own admin, so every test has an unspent code.
  const { user, secret } = await createStaff("admin");
  await page.goto(`/login?change=1&redirectTo=${query}`);
  if (js) await waitForHydration(page);
  await page.getByLabel("Work email").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Signing in as ${user.email}`)).toBeVisible();
  for (const [i, d] of [...totpCode(secret)].entries()) await page.getByLabel(`Digit ${i + 1}`).fill(d);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const js of [true, false]) {
  test.describe(`sign-in redirect with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    for (const { name, query } of CRAFTED) {
      test(`a ${name} in redirectTo lands on the dashboard, not another site`, async ({ page, baseURL }) => {
        await signInWithRedirect(page, query, js);
        await expect(page).toHaveURL(`${baseURL}/dashboard`);
        await expect(page.getByTestId("sidebar-user")).toBeVisible();
      });
    }

    test("a same-site redirectTo is still followed", async ({ page, baseURL }) => {
      await signInWithRedirect(page, "%2Fcustomers%3Ftier%3DGold", js);
      await expect(page).toHaveURL(`${baseURL}/customers?tier=Gold`);
    });
  });
}
