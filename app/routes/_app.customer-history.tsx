// Spec §2: /customer-history shows the same Customer Purchase History screen as /customers.
export { loader, meta, default } from "./_app.customers";
