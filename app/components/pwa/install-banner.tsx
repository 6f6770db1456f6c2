import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "~/domain/product";
import { INSTALL_DISMISSED_KEY, installBannerMode, isIosSafari } from "./install-rules";

type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

declare global {
  interface Window {
    /** An install prompt that arrived before React hydrated (kept by PwaHeadScript). */
    __installPrompt?: InstallPromptEvent;
  }
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === "1";
  } catch {
    return false; // storage blocked (private mode): the banner shows again next visit
  }
}

function rememberDismissed() {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, "1");
  } catch {
    // storage blocked: the banner is hidden for this page view only
  }
}

function runningInstalled(): boolean {
  return (
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * docs/product-rules.md §2: the PWA install banner with Install and dismiss, shown only when the app is installable
 * and the banner was not dismissed; an 'Add to Home Screen' hint on iOS Safari, which has no prompt.
 * Rendered only after hydration (everything it knows comes from the browser).
 */
export function InstallBanner({ installedNow }: { installedNow: boolean }) {
  const [ready, setReady] = useState(false);
  const [promptEvent, setPromptEvent] = useState<InstallPromptEvent | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [installed, setInstalled] = useState(false);
  const [iosSafari, setIosSafari] = useState(false);
  const { t } = useTranslation();

  useEffect(() => {
    setDismissed(readDismissed());
    setInstalled(runningInstalled());
    setIosSafari(isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints));
    if (window.__installPrompt) setPromptEvent(window.__installPrompt);
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as InstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    setReady(true);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  const mode = installBannerMode({
    canPrompt: promptEvent !== null,
    dismissed,
    installed: installed || installedNow,
    iosSafari,
  });
  if (!ready || mode === "hidden") return null;

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
  };
  const install = async () => {
    if (!promptEvent) return;
    window.__installPrompt = undefined;
    setPromptEvent(null); // a prompt can be shown once
    await promptEvent.prompt();
    const { outcome } = await promptEvent.userChoice;
    if (outcome === "accepted") setInstalled(true);
  };

  return (
    <section
      aria-label={t("common:pwa.installLabel", { product: PRODUCT_NAME })}
      className="card flex items-center gap-3 p-3 shadow-lg"
      data-testid="install-banner"
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
      {mode === "prompt" ? (
        <>
          <p className="flex-1 text-sm">{t("common:pwa.install", { product: PRODUCT_NAME })}</p>
          <button type="button" className="btn-primary" onClick={install}>
            {t("common:pwa.installButton")}
          </button>
        </>
      ) : (
        <p className="flex-1 text-sm">
          <Trans i18nKey="common:pwa.installIos" />
        </p>
      )}
      <button type="button" className="btn-ghost px-2" onClick={dismiss}>
        {t("common:pwa.dismiss")}
      </button>
    </section>
  );
}
