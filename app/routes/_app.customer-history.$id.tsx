// Customer Details opened from /customer-history: the same dialog, returning to /customer-history.
export { default, ErrorBoundary, loader } from "./_app.customers.$id";
