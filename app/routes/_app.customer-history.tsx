// docs/product-rules.md §2: /customer-history shows the same Customer Purchase History screen as /customers.
export { ErrorBoundary, handle, loader, meta, shouldRevalidate, default } from "./_app.customers";
