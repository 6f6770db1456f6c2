import { usePWAManager } from "@remix-pwa/client";
import { useEffect, useState } from "react";
import { CACHE_PREFIX } from "~/service-worker/cache-rules";
import { InstallBanner } from "./install-banner";
import { UpdatePrompt } from "./update-prompt";

/** Sign-out empties the app's caches: through the worker when one runs, else from the page. */
async function clearAppCaches() {
  const worker = (await navigator.serviceWorker?.getRegistration())?.active;
  if (worker) {
    worker.postMessage({ type: "CLEAR_CACHES" });
  } else if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name)));
  }
}

/**
 * The PWA's page side (PwaHeadScript registers the worker):
 * the install banner, 'Reload to update' when a new version waits, and cache clearing on sign-out.
 */
export function PwaPrompts() {
  const { swRegistration, swUpdate, userInstallChoice } = usePWAManager();
  const [waitingAtLoad, setWaitingAtLoad] = useState<ServiceWorker | null>(null);

  // A version that finished installing during an earlier page view is already waiting.
  useEffect(() => {
    if (swRegistration?.waiting && navigator.serviceWorker.controller) setWaitingAtLoad(swRegistration.waiting);
  }, [swRegistration]);

  // Client-side navigation never makes the browser look for a new worker; look when the app comes back into view.
  useEffect(() => {
    if (!swRegistration) return;
    const check = () => {
      if (document.visibilityState === "visible") swRegistration.update().catch(() => undefined);
    };
    document.addEventListener("visibilitychange", check);
    return () => document.removeEventListener("visibilitychange", check);
  }, [swRegistration]);

  // The Sign Out form posts to /logout with or without JavaScript; with it, the caches go at the same time.
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && new URL(form.action, window.location.href).pathname === "/logout") {
        clearAppCaches().catch(() => undefined);
      }
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  const waitingWorker = swUpdate.newWorker ?? waitingAtLoad;
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex flex-col gap-2 sm:start-4 sm:end-auto sm:w-96 [&>*]:pointer-events-auto">
      {waitingWorker ? <UpdatePrompt waitingWorker={waitingWorker} /> : null}
      <InstallBanner installedNow={userInstallChoice === "accepted"} />
    </div>
  );
}
