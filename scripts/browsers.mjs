// The two Debian browsers the checks run (`npx playwright install` cannot download here):
// - the e2e suite runs in chromium-headless-shell, the headless build Playwright itself uses by
//   default: on CI's 2 cores it needs half the time of the full browser's headless mode
//   (docs/testing.md, decision 049);
// - Lighthouse (`npm run audit:lighthouse`) needs the full chromium.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Installs the Debian package of each browser that is missing; false when one is missing and we are not root. */
export function installMissingBrowsers() {
  const missing = [
    [CHROMIUM_PATH, "chromium"],
    [HEADLESS_SHELL_PATH, "chromium-headless-shell"],
  ].filter(([path]) => !existsSync(path));
  if (missing.length === 0) return true;
  const packages = missing.map(([, name]) => name).join(" ");
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing: ${missing.map(([path]) => path).join(", ")}. Install with: sudo apt-get install -y ${packages}`,
    );
    return false;
  }
  execFileSync(
    "sh",
    ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages} >/dev/null`],
    { stdio: "inherit" },
  );
  return true;
}
