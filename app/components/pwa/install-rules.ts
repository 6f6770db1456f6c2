/** Where the install banner remembers "dismissed" (per browser, like the install itself). */
export const INSTALL_DISMISSED_KEY = "jewel-crm:install-banner-dismissed";

export type InstallBannerMode = "prompt" | "ios-hint" | "hidden";

type InstallFacts = {
  /** The browser offered an install prompt (beforeinstallprompt). */
  canPrompt: boolean;
  dismissed: boolean;
  /** Installed now (appinstalled) or already running as the installed app (display-mode standalone). */
  installed: boolean;
  iosSafari: boolean;
};

/** docs/product-rules.md §2: the banner shows only when the app is installable and the banner was not dismissed. */
export function installBannerMode({ canPrompt, dismissed, installed, iosSafari }: InstallFacts): InstallBannerMode {
  if (dismissed || installed) return "hidden";
  if (canPrompt) return "prompt";
  // iOS Safari never sends an install prompt; installing is done by hand from the Share menu.
  if (iosSafari) return "ios-hint";
  return "hidden";
}

/** Safari on an iPhone or iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isIosSafari(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  const iosDevice = /iPhone|iPad|iPod/.test(userAgent) || (platform === "MacIntel" && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return iosDevice && /Safari/.test(userAgent) && !otherBrowser;
}
