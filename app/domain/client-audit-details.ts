/**
 * The personal values a client's audit entries can hold (docs/decisions/015-client-data-rights.md).
 * Entries name fields, never their values, except two kinds: free text typed about the client (a
 * contact's or a follow-up's `outcome`, a voided sale's `reason`: FREE_TEXT_KEYS), and the `clients`
 * list that deletions, restores and owner changes wrote before decision 014 (objects
 * `{id, fullName, mobileNumber}`, or names in the order of the entry's ids).
 * A data export shows a client their own part of an entry; an erasure removes it.
 */

type Details = Record<string, unknown>;

/** The detail keys that hold words typed about the one client an entry is about. */
export const FREE_TEXT_KEYS = ["outcome", "reason"] as const;

function isDetails(value: unknown): value is Details {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether an element of an old `clients` list is the client's: by its id, or by its place among the entry's ids. */
function isTheClients(element: unknown, index: number, clientId: number, targetIds: readonly number[]): boolean {
  if (isDetails(element)) return element.id === clientId;
  return typeof element === "string" && targetIds[index] === clientId;
}

function keepClients(details: Details, keep: (element: unknown, index: number) => boolean): Details {
  if (!Array.isArray(details.clients)) return details;
  const { clients, ...rest } = details;
  const kept = (clients as unknown[]).filter(keep);
  if (kept.length === clients.length) return details;
  return kept.length > 0 ? { ...rest, clients: kept } : rest;
}

/** An entry's details as the client may see them in their data export: nothing about other clients. */
export function detailsAbout(details: unknown, clientId: number, targetIds: readonly number[]): unknown {
  if (!isDetails(details)) return details;
  return keepClients(details, (element, i) => isTheClients(element, i, clientId, targetIds));
}

/**
 * An entry's details once the client is erased: their copied name and mobile gone, the free text
 * about them emptied. Null when nothing changes, so only those entries are rewritten.
 */
export function detailsWithout(details: unknown, clientId: number, targetIds: readonly number[]): Details | null {
  if (!isDetails(details)) return null;
  let out = keepClients(details, (element, i) => !isTheClients(element, i, clientId, targetIds));
  // Free text is written on entries about one client only (a contact, a follow-up change, a void).
  if (targetIds.length === 1 && targetIds[0] === clientId)
    for (const key of FREE_TEXT_KEYS) if (typeof out[key] === "string") out = { ...out, [key]: null };
  return out === details ? null : out;
}
