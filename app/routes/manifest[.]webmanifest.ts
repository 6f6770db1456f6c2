import type { LoaderFunctionArgs } from "@remix-run/node";
import { PRODUCT_NAME, PRODUCT_SHORT_NAME } from "~/domain/product";
import { fixedT, getLanguage } from "~/i18n/i18n.server";
import { directionOf, isLanguage } from "~/domain/languages";

/** Colours of the UI (app/tailwind.css): the brand brown for the title bar, the page ground for the splash. */
const THEME_COLOR = "#7c561d";
const BACKGROUND_COLOR = "#f6f6f8";

/**
 * The web app manifest (docs/product-rules.md §1: installable PWA), one per language. Public: browsers fetch it
 * without cookies, so the page names its language in the link (`?lng=ar`); without one, the usual detection.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("lng");
  const language = isLanguage(asked) ? asked : await getLanguage(request);
  const t = fixedT(language);
  const manifest = {
    // "/" sends each role to its own home (road sales may not open the dashboard).
    id: "/",
    name: PRODUCT_NAME,
    short_name: PRODUCT_SHORT_NAME,
    description: t("common:product.description"),
    lang: language,
    dir: directionOf(language),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
