import type { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { safeRedirectPath } from "~/domain/safe-redirect";

/**
 * Long lists (the client table's 500 rows, the dashboard's 150 alerts) link with plain anchors: a
 * Remix <Link> each is hundreds of components with hooks to render and hydrate. This one click
 * handler on the list gives them client navigation; modified clicks, new tabs, downloads and other
 * sites behave as links do, and without JavaScript they are links. `keepScroll` for links that open
 * a dialog over the list (the client table's View and Edit).
 */
export function openInApp(
  event: MouseEvent<HTMLElement>,
  navigate: ReturnType<typeof useNavigate>,
  { keepScroll = false }: { keepScroll?: boolean } = {},
) {
  const link = (event.target as Element).closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  // A path the app's one rule refuses is left to the browser (a plain page load on this site).
  const to = url.pathname + url.search;
  if (safeRedirectPath(to, "") !== to) return;
  event.preventDefault();
  navigate(to, { preventScrollReset: keepScroll });
}
