import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { AppUiProvider } from "~/components/app-ui";
import { LoadingOverlay } from "~/components/loading-overlay";
import { useNonce } from "~/components/nonce";
import { NotificationStack } from "~/components/notification-stack";
import { PwaHeadScript } from "~/components/pwa/pwa-head-script";
import { PwaPrompts } from "~/components/pwa/pwa-prompts";
import { Toaster } from "~/components/toaster";
import { isCatalogKey } from "~/domain/messages";
import { PRODUCT_NAME } from "~/domain/product";
import { readToast } from "~/http/toast.server";
import { getLocale } from "~/i18n/i18n.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { I18nProvider, usePageCatalogs } from "~/i18n/i18n-provider";
import { DEFAULT_LANGUAGE, directionOf } from "~/domain/languages";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

/** The shell's own texts (toasts, notifications, error pages); each route names its screen's (decision 040). */
export const handle: CatalogsHandle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, clear }, { language, numerals }] = await Promise.all([readToast(request), getLocale(request)]);
  // The page's language and digits (docs/decisions/021-arabic-and-english.md); the catalogs are files (040).
  return data({ toast, language, numerals }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Absent only when the root loader itself failed: the error page then shows in English.
  const root = useRouteLoaderData<typeof loader>("root");
  const language = root?.language ?? DEFAULT_LANGUAGE;
  const catalogFiles = usePageCatalogs(language);
  // Tests and scripts wait for this marker before clicking (the page works without it too).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7c561d" />
        <Meta />
        {/* The catalogs entry.client loads before hydrating, fetched beside the page's modules. */}
        {catalogFiles.map((href) => (
          <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
        ))}
        {/* Browsers fetch the manifest without cookies: the link names the language. */}
        <link
          rel="manifest"
          href={language === DEFAULT_LANGUAGE ? "/manifest.webmanifest" : `/manifest.webmanifest?lng=${language}`}
        />
        <Links />
        <PwaHeadScript nonce={nonce} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <I18nProvider language={language} numerals={root?.numerals}>
          {children}
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <AppUiProvider>
      <Tooltip.Provider>
        <Outlet />
      </Tooltip.Provider>
      <Toaster flash={toast} />
      <NotificationStack />
      <LoadingOverlay />
      <PwaPrompts />
    </AppUiProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage refusal={error.data as unknown} />;
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${typeof error.data === "string" ? error.data : error.statusText}`
    : t("common:errors.sentence");
  return (
    <main className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-semibold">{t("common:errors.title")}</h1>
      <p className="mt-2 text-gray-700">{message}</p>
      <a href="/" className="btn-primary mt-6">
        {t("common:errors.goHome")}
      </a>
    </main>
  );
}

/**
 * docs/product-rules.md §2: any other path shows '404 Page Not Found' with a developer-style hint. A record a
 * page's loader did not find (`refusal`, the message code it threw: app/http/page-refusals.server.ts, e.g.
 * "Quote not found") is said instead of the hint, in the page's language.
 */
export function NotFoundPage({ refusal }: { refusal?: unknown }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center p-8 text-center">
      <h1 className="text-3xl font-bold">{t("common:errors.notFoundTitle")}</h1>
      <p className="mt-3 text-gray-700">
        {typeof refusal === "string" && isCatalogKey(refusal) ? (
          t(refusal)
        ) : (
          <Trans i18nKey="common:errors.notFoundHint" components={{ code: <code dir="ltr" /> }} />
        )}
      </p>
      <a href="/" className="btn-primary mt-6">
        {t("common:errors.goToDashboard")}
      </a>
    </main>
  );
}
