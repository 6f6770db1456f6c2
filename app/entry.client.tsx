// Remix's default browser entry, with one change: the page's catalogs (one cached asset per language,
// docs/decisions/025-catalogs-as-assets.md) are loaded before hydrating, so the first render in the browser
// has the server's words. Until then, and if they never come, the page works as sent (links and forms).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/languages";
import { loadCatalogs } from "~/i18n/catalogs";

const { lang } = document.documentElement;

void loadCatalogs(isLanguage(lang) ? lang : DEFAULT_LANGUAGE).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
