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
} from "@remix-run/react";
import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect } from "react";
import { AppUiProvider } from "~/components/app-ui";
import { LoadingOverlay } from "~/components/loading-overlay";
import { useNonce } from "~/components/nonce";
import { NotificationStack } from "~/components/notification-stack";
import { PwaHeadScript } from "~/components/pwa/pwa-head-script";
import { PwaPrompts } from "~/components/pwa/pwa-prompts";
import { Toaster } from "~/components/toaster";
import { PRODUCT_NAME } from "~/domain/product";
import { readToast } from "~/http/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, clear } = await readToast(request);
  return data({ toast }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Tests and scripts wait for this marker before clicking (the page works without it too).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7c561d" />
        <Meta />
        <Links />
        <PwaHeadScript nonce={nonce} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        {children}
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${typeof error.data === "string" ? error.data : error.statusText}`
    : "Something went wrong.";
  return (
    <main className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-gray-700">{message}</p>
      <a href="/" className="btn-primary mt-6">
        Go home
      </a>
    </main>
  );
}

/** docs/product-rules.md §2: any other path shows '404 Page Not Found' with a developer-style hint. */
export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center p-8 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-3 text-gray-700">
        Did you forget to add the page to the router? Create a route module under <code>app/routes/</code> for this
        path.
      </p>
      <a href="/" className="btn-primary mt-6">
        Go to the dashboard
      </a>
    </main>
  );
}
