// Customer Details opened from /customer-history: the same dialog, returning to /customer-history.
export { action, default, ErrorBoundary, handle, loader } from "./_app.customers.$id";
