import { db } from "~/db/db.server";
import { clientTarget } from "./client-audit.server";
import {
  CONSENT_CHANNELS,
  CONSENT_COLUMNS,
  consentFromContactOk,
  consentsOf,
  type ClientConsents,
  type ConsentSource,
  type ConsentStatus,
} from "~/domain/consent";
import type { ConsentChange } from "~/domain/consent-change";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { inClientBook, writableClient } from "./client-book.server";

type Tx = Prisma.TransactionClient;

/** The consent columns to select with a client row. */
export const CONSENT_SELECT = {
  consentWhatsapp: true,
  consentCall: true,
  consentEmail: true,
  consentSms: true,
} as const satisfies Prisma.ClientSelect;

/**
 * The client-row consent columns for a contactOk answer: every channel alike, "unknown" when it
 * says nothing. Always all four, so multi-row inserts (imports) have the same columns in every row.
 */
export function consentColumnsFromContactOk(contactOk: string | null | undefined): Record<string, ConsentStatus> {
  const status = consentFromContactOk(contactOk) ?? "unknown";
  return Object.fromEntries(CONSENT_CHANNELS.map((channel) => [CONSENT_COLUMNS[channel], status]));
}

/** History rows for clients whose contactOk said Yes or No (imports and new clients). */
export async function recordContactOkConsents(
  clients: { id: number; contactOk: string | null | undefined }[],
  source: ConsentSource,
  recordedById: string | null,
  tx: Tx | typeof db = db,
): Promise<void> {
  const rows = clients.flatMap((c) => {
    const status = consentFromContactOk(c.contactOk);
    return status ? CONSENT_CHANNELS.map((channel) => ({ clientId: c.id, channel, status, source, recordedById })) : [];
  });
  for (let i = 0; i < rows.length; i += 1000) await tx.clientConsent.createMany({ data: rows.slice(i, i + 1000) });
}

/**
 * An edit's new contactOk answer: every channel takes it, with a history row each (inside the
 * edit's transaction). Returns the new status, or null when the answer says nothing or is unchanged.
 */
export async function applyContactOkChange(
  tx: Tx,
  clientId: number,
  before: string | null,
  after: string | null,
  recordedById: string,
): Promise<ConsentStatus | null> {
  const status = consentFromContactOk(after);
  if (!status || consentFromContactOk(before) === status) return null;
  await tx.client.update({ where: { id: clientId }, data: consentColumnsFromContactOk(after) });
  await recordContactOkConsents([{ id: clientId, contactOk: after }], "form", recordedById, tx);
  return status;
}

/** The audit entry of a consent change made through OK to Contact (every channel at once). */
export function auditContactOkChange(clientId: number, status: ConsentStatus, actor: { id: string; name: string }) {
  return writeAudit({
    actor,
    action: AUDIT_ACTIONS.consentChanged,
    ...clientTarget(clientId),
    details: { channel: "all", status, source: "form" },
  });
}

/** A client's current consent per channel; null when the client is not in the book. */
export async function getClientConsents(clientId: number): Promise<ClientConsents | null> {
  const row = await db.client.findFirst({ where: inClientBook({ id: clientId }), select: CONSENT_SELECT });
  return row ? consentsOf(row) : null;
}

export type ConsentHistoryEntry = {
  id: string;
  channel: string;
  status: string;
  source: string;
  recordedAt: string;
  recordedBy: string | null;
};

/** A client's consent changes, newest first: the latest `limit`, or every one without it (the data export). */
export async function listConsentHistory(clientId: number, limit?: number): Promise<ConsentHistoryEntry[]> {
  const rows = await db.clientConsent.findMany({
    where: { clientId },
    orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      channel: true,
      status: true,
      source: true,
      recordedAt: true,
      recordedBy: { select: { name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    status: r.status,
    source: r.source,
    recordedAt: r.recordedAt.toISOString(),
    recordedBy: r.recordedBy?.name ?? null,
  }));
}

/** Records one channel's new consent (history row + current column, one transaction). Audited. Null for an erased client. */
export async function recordConsent(
  clientId: number,
  change: ConsentChange,
  actor: { id: string; name: string },
  ip: string | null = null,
): Promise<ClientConsents | null> {
  const consents = await db.$transaction(async (tx) => {
    const client = await tx.client.findFirst({ where: writableClient({ id: clientId }), select: { id: true } });
    if (!client) return null;
    await tx.clientConsent.create({ data: { clientId, ...change, recordedById: actor.id } });
    const row = await tx.client.update({
      where: { id: clientId },
      data: { [CONSENT_COLUMNS[change.channel]]: change.status },
      select: CONSENT_SELECT,
    });
    return consentsOf(row);
  });
  if (consents)
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.consentChanged,
      ...clientTarget(clientId),
      details: change,
      ip: ip ?? undefined,
    });
  return consents;
}
