// Spec §2: /customer-history shows the same Customer Purchase History screen as /customers.
export { loader, meta, shouldRevalidate, default } from "./_app.customers";
