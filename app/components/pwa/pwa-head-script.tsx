/**
 * One small inline script in <head>, so it works on a phone where the app's bundles are slow or
 * never arrive:
 * - registers the service worker once the page has loaded, so precaching never competes with the
 *   first paint (builds only: the dev server has no worker);
 * - keeps an install prompt that arrives before React hydrates (and stops the browser's own
 *   mini-bar) until the install banner is ready for it.
 */
const SCRIPT = [
  import.meta.env.PROD
    ? "if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/entry.worker.js',{scope:'/',updateViaCache:'none'})});"
    : "",
  "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__installPrompt=e});",
].join("");

export function PwaHeadScript({ nonce }: { nonce: string | undefined }) {
  // A fixed script with no data in it; the nonce lets it run under the Content-Security-Policy.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
