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

/** A client dialog over the book: New Client, a client's details or their edit form. */
export function isClientDialogPath(pathname: string): boolean {
  return /^\/(customers|customer-history)\/(new|\d+(\/edit)?)\/?$/.test(pathname);
}
