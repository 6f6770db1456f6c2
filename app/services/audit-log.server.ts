import { db } from "~/db.server";
import { parseClientIds } from "~/domain/client-ids";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, type AuditAction } from "./audit.server";
import { auditTargetType, CLIENT_TARGET, clientAuditWhere } from "./client-audit.server";

/** How each recorded action reads in English (the client data export); System Logs names them from its catalog. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  [AUDIT_ACTIONS.signIn]: "Signed in",
  [AUDIT_ACTIONS.signOut]: "Signed out",
  [AUDIT_ACTIONS.codeFailed]: "Failed code",
  [AUDIT_ACTIONS.locked]: "Locked out",
  [AUDIT_ACTIONS.adminGateUnlocked]: "Opened user management",
  [AUDIT_ACTIONS.actionVerified]: "Verified for deletion",
  [AUDIT_ACTIONS.deviceLinked]: "Linked authenticator",
  [AUDIT_ACTIONS.oneTimeCodeIssued]: "Issued one-time code",
  [AUDIT_ACTIONS.userCreated]: "Created user",
  [AUDIT_ACTIONS.userUpdated]: "Updated user",
  [AUDIT_ACTIONS.userDeleted]: "Deleted user",
  [AUDIT_ACTIONS.clientCreated]: "Added client",
  [AUDIT_ACTIONS.clientUpdated]: "Edited client",
  [AUDIT_ACTIONS.saleRecorded]: "Recorded sale",
  [AUDIT_ACTIONS.saleVoided]: "Voided sale",
  [AUDIT_ACTIONS.clientsDeleted]: "Deleted clients",
  [AUDIT_ACTIONS.clientsRestored]: "Restored clients",
  [AUDIT_ACTIONS.clientOwnerChanged]: "Client owner changed",
  [AUDIT_ACTIONS.interactionRecorded]: "Client contacted",
  [AUDIT_ACTIONS.consentChanged]: "Client consent changed",
  [AUDIT_ACTIONS.followUpUpdated]: "Follow-up changed",
  [AUDIT_ACTIONS.emiratesIdRevealed]: "Revealed Emirates ID",
  [AUDIT_ACTIONS.clientsExported]: "Exported the client book",
  [AUDIT_ACTIONS.clientDataExported]: "Exported client data",
  [AUDIT_ACTIONS.clientErased]: "Erased client",
  [AUDIT_ACTIONS.retentionRun]: "Applied retention periods",
  [AUDIT_ACTIONS.retentionChanged]: "Changed retention periods",
  [AUDIT_ACTIONS.messageTemplatesChanged]: "Changed message templates",
  [AUDIT_ACTIONS.importRun]: "Imported clients",
  [AUDIT_ACTIONS.followUpCreated]: "Scheduled follow-up",
  [AUDIT_ACTIONS.followUpDone]: "Completed follow-up",
  [AUDIT_ACTIONS.accessRefused]: "Refused access",
  [AUDIT_ACTIONS.deviceRemoved]: "Removed authenticator",
  [AUDIT_ACTIONS.authenticatorReset]: "Reset authenticator (command line)",
};

export const AUDIT_PAGE_SIZE = 50;

export type AuditLogFilters = {
  action: AuditAction | null;
  actorId: string | null;
  /** Entries about one client (`?client=<id>`). */
  clientId: number | null;
  page: number;
};

function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

export function auditFiltersFrom(params: URLSearchParams): AuditLogFilters {
  const action = params.get("action");
  const actorId = params.get("user")?.trim() || null;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const [clientId] = parseClientIds(params.get("client")?.trim() ?? "");
  return {
    action: isAuditAction(action) ? action : null,
    actorId,
    clientId: clientId ?? null,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/**
 * What an entry is about, for the page to word in its language: a staff account (no name once it is
 * removed), one or more clients (a name where the client still has one), or another kind of target.
 */
export type AuditAbout =
  | { kind: "user"; name: string | null }
  | { kind: "clients"; clients: { id: string; name: string | null }[] }
  | { kind: "other"; type: string; id: string | null };

export type AuditEntry = {
  id: string;
  createdAt: Date;
  actorName: string;
  /** The stored action code (AUDIT_ACTIONS); the page shows its name. */
  action: string;
  about: AuditAbout | null;
  details: string | null;
  ip: string | null;
};

/** Stored details are JSON; the log shows them as "key: value" pairs. */
function describeDetails(json: string | null): string | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.entries(value)
        .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
        .join(", ");
    }
    return JSON.stringify(value);
  } catch {
    return json;
  }
}

/**
 * One page of System Logs, newest first, filtered by action and by who acted. Each filter has an
 * index that starts with it and ends with createdAt, so paging stays cheap as the log grows.
 */
export async function listAuditLog(filters: AuditLogFilters) {
  const where: Prisma.AuditLogWhereInput = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.clientId ? clientAuditWhere(filters.clientId) : {}),
  };
  const totalCount = await db.auditLog.count({ where });
  const totalPages = Math.max(1, Math.ceil(totalCount / AUDIT_PAGE_SIZE));
  const page = Math.min(filters.page, totalPages);
  const rows = await db.auditLog.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * AUDIT_PAGE_SIZE,
    take: AUDIT_PAGE_SIZE,
  });
  const userIds = [...new Set(rows.filter((r) => r.targetType === "user" && r.targetId).map((r) => r.targetId!))];
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })).map((u) => [
      u.id,
      u.name,
    ]),
  );
  const clientNames = await clientNamesOf(rows);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    actorName: r.actorName,
    action: r.action,
    about:
      r.targetType === "user" && r.targetId
        ? { kind: "user", name: names.get(r.targetId) ?? null }
        : r.targetType
          ? targetAbout(auditTargetType(r.targetType)!, r.targetId, clientNames)
          : null,
    details: describeDetails(r.details),
    ip: r.ip,
  }));
  return { entries, totalCount, totalPages, page };
}

/** The names of the clients a page of entries is about (entries keep only the id: no personal value). */
async function clientNamesOf(rows: { targetType: string | null; targetId: string | null }[]) {
  const ids = parseClientIds(
    rows
      .filter((r) => auditTargetType(r.targetType) === CLIENT_TARGET && r.targetId)
      .flatMap((r) => r.targetId!.split(",")),
  );
  const clients = await db.client.findMany({ where: { id: { in: ids } }, select: { id: true, fullName: true } });
  return new Map(clients.map((c) => [String(c.id), c.fullName]));
}

/** The clients an entry is about, with their names where known; other targets by type and id. */
function targetAbout(type: string, targetId: string | null, clientNames: Map<string, string>): AuditAbout {
  if (type !== CLIENT_TARGET || !targetId) return { kind: "other", type, id: targetId };
  return { kind: "clients", clients: targetId.split(",").map((id) => ({ id, name: clientNames.get(id) ?? null })) };
}

export type AuditApiEntry = {
  at: string;
  actorId: string | null;
  actorName: string;
  action: string;
  target: string | null;
  details: unknown;
};

/** Stored details as JSON again (null when there are none or they are not JSON). */
function detailsJson(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** An entry as the JSON carries it; target read as "client:<id>" (a legacy multi-client entry as "client:<id>,<id>"). */
export function auditApiEntry(r: {
  createdAt: Date;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: string | null;
}): AuditApiEntry {
  return {
    at: r.createdAt.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action,
    target: r.targetType ? `${auditTargetType(r.targetType)}:${r.targetId ?? ""}` : null,
    details: detailsJson(r.details),
  };
}

/** GET /api/audit?target=client:<id>: a client's entries, newest first, at most `limit`. */
export async function listClientAudit(clientId: number, limit: number): Promise<AuditApiEntry[]> {
  const rows = await db.auditLog.findMany({
    where: clientAuditWhere(clientId),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(auditApiEntry);
}

/** Everyone the log can be filtered by (staff accounts: a short list). */
export async function auditUserOptions(): Promise<{ id: string; name: string }[]> {
  return db.user.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
