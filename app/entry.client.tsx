// Remix's default browser entry, with one change: the page's catalogs come from the data block in its
// document (docs/decisions/025-catalogs-out-of-loader-data.md), so the first render in the browser has
// the server's words without waiting for anything.
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/languages";
import { PAGE_CATALOGS_ID, provideCatalogs, type Catalogs } from "~/i18n/catalogs";

const { lang } = document.documentElement;
const block = document.getElementById(PAGE_CATALOGS_ID)?.textContent;
if (block) provideCatalogs(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, JSON.parse(block) as Catalogs, block);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
