// Remix's default browser entry, with one change: before hydrating, it loads the catalogs the page's routes
// name in their `handle` (docs/decisions/040-catalogs-per-route.md), files the document has already asked
// for in its head, so the first render in the browser has the server's words.
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/languages";
import { loadNamespaces, routeNamespaces } from "~/i18n/catalogs";

const { lang } = document.documentElement;
// The matched routes' modules: Remix's <Scripts> imports them before this entry.
const handles = Object.values(window.__remixRouteModules).map((module) => module?.handle);

void loadNamespaces(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, routeNamespaces(handles)).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
