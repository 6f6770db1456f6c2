/**
 * The client book is served at /customers and at /customer-history. Its dialogs (New Client,
 * Customer Details, Edit Customer) live under whichever the user came from, so closing or saving
 * one returns to that address, with its query.
 */
export type CustomerListBase = "/customers" | "/customer-history";

export function customerListBase(pathname: string): CustomerListBase {
  return pathname === "/customer-history" || pathname.startsWith("/customer-history/")
    ? "/customer-history"
    : "/customers";
}
