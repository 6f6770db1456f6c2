/**
 * The client book is served at /customers and at /customer-history. Its dialogs (New Client,
 * Customer Details, Edit Customer) live under whichever the user came from, so closing or saving
 * one returns to that address, with its query.
 */
export type ClientListBase = "/customers" | "/customer-history";

export function clientListBase(pathname: string): ClientListBase {
  return pathname === "/customer-history" || pathname.startsWith("/customer-history/")
    ? "/customer-history"
    : "/customers";
}
