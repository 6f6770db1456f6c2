import type { CatalogsHandle } from "~/i18n/catalogs";
export const handle: CatalogsHandle = { i18n: ["validation"] };

// New Client opened from /customer-history: the same dialog, returning to /customer-history.
export { action, default, ErrorBoundary, loader } from "./_app.customers.new";
