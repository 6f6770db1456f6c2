import { useState } from "react";

/**
 * The service worker registers once the page has hydrated (the root sets data-hydrated on <html>)
 * and the browser is next idle: its install fetches and stores the whole build, and on a phone's
 * first visit that work competed with parsing and hydrating the page. A page whose bundles never
 * arrive registers it 10 s after load all the same, for the offline page.
 */
const REGISTER_WORKER_AFTER_HYDRATION = `if ('serviceWorker' in navigator) addEventListener('load', function () {
  var root = document.documentElement, asked = false, watch;
  function register() {
    if (asked) return;
    asked = true;
    if (watch) watch.disconnect();
    (window.requestIdleCallback || setTimeout)(function () {
      navigator.serviceWorker.register('/entry.worker.js', { scope: '/', updateViaCache: 'none' });
    });
  }
  if (root.hasAttribute('data-hydrated')) return register();
  watch = new MutationObserver(function () { if (root.hasAttribute('data-hydrated')) register(); });
  watch.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  setTimeout(register, 10000);
});`;

/**
 * One small inline script in <head>, so it works on a phone where the app's bundles are slow or
 * never arrive:
 * - registers the service worker after hydration (above; builds only: the dev server has no worker);
 * - keeps an install prompt that arrives before React hydrates (and stops the browser's own
 *   mini-bar) until the install banner is ready for it.
 * Only the server's bundle carries it: the browser runs it from the document.
 */
const SCRIPT = import.meta.env.SSR
  ? [
      import.meta.env.PROD ? REGISTER_WORKER_AFTER_HYDRATION : "",
      "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__installPrompt=e});",
    ].join("\n")
  : "";

const SCRIPT_ID = "pwa-head-script";

export function PwaHeadScript({ nonce }: { nonce: string | undefined }) {
  // Hydration gets back the text the document holds, which React then leaves as it is.
  const [script] = useState(() =>
    typeof document === "undefined" ? SCRIPT : (document.getElementById(SCRIPT_ID)?.innerHTML ?? ""),
  );
  // A fixed script with no data in it; the nonce lets it run under the Content-Security-Policy.
  return <script id={SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
