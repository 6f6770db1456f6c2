/**
 * Who looks after a client. The client book and GET /api/clients filter on `owner`: `me` (the
 * signed-in user), `none` (unassigned) or a user id. Unknown shapes are ignored, like every filter.
 */
export type OwnerFilter = { kind: "me" } | { kind: "none" } | { kind: "user"; userId: string };

/** User ids are cuids: letters and digits only, so a malformed value never reaches a query. */
const USER_ID = /^[a-z0-9]{8,40}$/i;

export function parseOwnerFilter(raw: string | null | undefined): OwnerFilter | null {
  const value = raw?.trim() ?? "";
  if (value === "me") return { kind: "me" };
  if (value === "none") return { kind: "none" };
  return USER_ID.test(value) ? { kind: "user", userId: value } : null;
}

export function ownerFilterParam(filter: OwnerFilter): string {
  return filter.kind === "user" ? filter.userId : filter.kind;
}

/** The owner id a filter means for this viewer; null for unassigned clients. */
export function ownerIdFor(filter: OwnerFilter, viewerId: string): string | null {
  if (filter.kind === "me") return viewerId;
  return filter.kind === "user" ? filter.userId : null;
}

/** Initials shown beside a client in the book ("Reem Al Mansoori" → "RA"). */
export function ownerInitials(name: string | null): string {
  if (!name) return "";
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** Reassigning a client is for an admin or the client's current owner. */
export function canReassignClient(viewer: { id: string; role: string }, currentOwnerId: string | null): boolean {
  return viewer.role === "admin" || (currentOwnerId !== null && currentOwnerId === viewer.id);
}
