import { db } from "~/db/db.server";
import { parseClientIds } from "~/domain/client-ids";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, type AuditAction } from "./audit.server";
import { auditTargetType, CLIENT_TARGET, clientAuditWhere } from "./client-audit.server";

/**
 * How each recorded action reads (System Logs in the page's language, the client data export in English):
 * catalog keys, written out for the catalog check; the stored codes stay as they are.
 */
export const AUDIT_ACTION_KEYS: Record<AuditAction, string> = {
  [AUDIT_ACTIONS.signIn]: "logs:actions.signIn",
  [AUDIT_ACTIONS.clientsMerged]: "logs:actions.clientsMerged",
  [AUDIT_ACTIONS.clientMergeUndone]: "logs:actions.clientMergeUndone",
  [AUDIT_ACTIONS.signOut]: "logs:actions.signOut",
  [AUDIT_ACTIONS.codeFailed]: "logs:actions.codeFailed",
  [AUDIT_ACTIONS.locked]: "logs:actions.locked",
  [AUDIT_ACTIONS.adminGateUnlocked]: "logs:actions.adminGateUnlocked",
  [AUDIT_ACTIONS.actionVerified]: "logs:actions.actionVerified",
  [AUDIT_ACTIONS.deviceLinked]: "logs:actions.deviceLinked",
  [AUDIT_ACTIONS.oneTimeCodeIssued]: "logs:actions.oneTimeCodeIssued",
  [AUDIT_ACTIONS.userCreated]: "logs:actions.userCreated",
  [AUDIT_ACTIONS.userUpdated]: "logs:actions.userUpdated",
  [AUDIT_ACTIONS.userDeleted]: "logs:actions.userDeleted",
  [AUDIT_ACTIONS.clientCreated]: "logs:actions.clientCreated",
  [AUDIT_ACTIONS.clientUpdated]: "logs:actions.clientUpdated",
  [AUDIT_ACTIONS.saleRecorded]: "logs:actions.saleRecorded",
  [AUDIT_ACTIONS.saleVoided]: "logs:actions.saleVoided",
  [AUDIT_ACTIONS.clientsDeleted]: "logs:actions.clientsDeleted",
  [AUDIT_ACTIONS.clientsRestored]: "logs:actions.clientsRestored",
  [AUDIT_ACTIONS.clientOwnerChanged]: "logs:actions.clientOwnerChanged",
  [AUDIT_ACTIONS.interactionRecorded]: "logs:actions.interactionRecorded",
  [AUDIT_ACTIONS.consentChanged]: "logs:actions.consentChanged",
  [AUDIT_ACTIONS.followUpUpdated]: "logs:actions.followUpUpdated",
  [AUDIT_ACTIONS.emiratesIdRevealed]: "logs:actions.emiratesIdRevealed",
  [AUDIT_ACTIONS.clientsExported]: "logs:actions.clientsExported",
  [AUDIT_ACTIONS.clientDataExported]: "logs:actions.clientDataExported",
  [AUDIT_ACTIONS.clientErased]: "logs:actions.clientErased",
  [AUDIT_ACTIONS.retentionRun]: "logs:actions.retentionRun",
  [AUDIT_ACTIONS.retentionChanged]: "logs:actions.retentionChanged",
  [AUDIT_ACTIONS.messageTemplatesChanged]: "logs:actions.messageTemplatesChanged",
  [AUDIT_ACTIONS.shopListChanged]: "logs:actions.shopListChanged",
  [AUDIT_ACTIONS.goldRateRecorded]: "logs:actions.goldRateRecorded",
  [AUDIT_ACTIONS.cashRuleChanged]: "logs:actions.cashRuleChanged",
  [AUDIT_ACTIONS.shopDetailsChanged]: "logs:actions.shopDetailsChanged",
  [AUDIT_ACTIONS.cashReported]: "logs:actions.cashReported",
  [AUDIT_ACTIONS.cashReportDownloaded]: "logs:actions.cashReportDownloaded",
  [AUDIT_ACTIONS.quoteCreated]: "logs:actions.quoteCreated",
  [AUDIT_ACTIONS.duplicateDismissed]: "logs:actions.duplicateDismissed",
  [AUDIT_ACTIONS.jobCreated]: "logs:actions.jobCreated",
  [AUDIT_ACTIONS.jobPaymentRecorded]: "logs:actions.jobPaymentRecorded",
  [AUDIT_ACTIONS.jobPaymentRefunded]: "logs:actions.jobPaymentRefunded",
  [AUDIT_ACTIONS.jobPhotoAdded]: "logs:actions.jobPhotoAdded",
  [AUDIT_ACTIONS.jobPhotoDeleted]: "logs:actions.jobPhotoDeleted",
  [AUDIT_ACTIONS.jobStatusChanged]: "logs:actions.jobStatusChanged",
  [AUDIT_ACTIONS.importRun]: "logs:actions.importRun",
  [AUDIT_ACTIONS.followUpCreated]: "logs:actions.followUpCreated",
  [AUDIT_ACTIONS.followUpDone]: "logs:actions.followUpDone",
  [AUDIT_ACTIONS.accessRefused]: "logs:actions.accessRefused",
  [AUDIT_ACTIONS.deviceRemoved]: "logs:actions.deviceRemoved",
  [AUDIT_ACTIONS.authenticatorReset]: "logs:actions.authenticatorReset",
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
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTION_KEYS, value);
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
