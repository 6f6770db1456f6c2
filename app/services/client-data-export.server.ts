import { db } from "~/db/db.server";
import { detailsAbout } from "~/domain/client-audit-details";
import { CLIENT_FIELD_NAMES, clientField, fieldCellText, jsonName } from "~/domain/client-fields";
import { parseClientIds } from "~/domain/client-ids";
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  CONSENT_SOURCE_LABELS,
  CONSENT_STATUS_LABELS,
  type ClientConsents,
} from "~/domain/consent";
import { neutralizeRows } from "~/domain/csv-safety";
import { INTERACTION_LABELS } from "~/domain/interactions";
import { itemSummary, labelOf } from "~/domain/sales";
import { TIER_LABELS } from "~/domain/tiers";
import { fixedT } from "~/i18n/i18n.server";
import { keyOf } from "~/i18n/label-keys";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { AUDIT_ACTION_KEYS, auditApiEntry, type AuditApiEntry } from "./audit-log.server";
import { clientAuditWhere, clientTarget } from "./client-audit.server";
import { ALL_COLUMNS, clientJson, forViewer, type ClientJson, type Viewer } from "./client-record.server";
import { listConsentHistory, type ConsentHistoryEntry } from "./consent.server";
import { followUpsOfClient, type FollowUpJson } from "./follow-ups.server";
import { writeWorkbook } from "./import-spreadsheet.server";
import { interactionsOf, type InteractionJson } from "./interactions.server";
import type { QuoteView } from "~/domain/quotes";
import { quotesOfClient } from "./quotes.server";
import { photoNamesOfJobs } from "./job-photos.server";
import { jobsOfClient, type JobDetailJson } from "./jobs.server";
import { saleJson, salesOfClient, type SaleJson } from "./sales.server";
import { cashTransactionsOfClient, type ClientCashTransaction } from "./cash-rule.server";
import { readShopLists } from "./shop-lists.server";

/**
 * An access request (docs/privacy.md "Answering a request"): everything the app holds about one
 * client, deleted or not, in one answer: the record, consent and its history, sales with their
 * items (void ones with the reason), contacts, follow-ups and the audit entries about the client.
 * Admin only (the routes check); every export is itself an audit entry, written first so the
 * file lists it too.
 */

export type ClientDataExport = {
  exportedAt: string;
  exportedBy: { id: string; name: string };
  client: ClientJson & { deletedAt: string | null };
  consents: { current: ClientConsents; history: ConsentHistoryEntry[] };
  sales: SaleJson[];
  /** The client's cash transactions: the cash rule's window and flags, with the identity taken (docs/guide/cash-rule.md). */
  cashReports: ClientCashTransaction[];
  interactions: InteractionJson[];
  followUps: FollowUpJson[];
  quotes: QuoteView[];
  /** The client's jobs (docs/guide/jobs.md) with their pieces, payments and history. */
  jobs: (JobDetailJson & { photos: string[] })[];
  audit: AuditApiEntry[];
};

export type ExportFormat = "json" | "xlsx";

/** Null when there is no such client (deleted clients are held, so they are exported too). */
export async function exportClientData(
  clientId: number,
  viewer: Viewer & { name: string },
  { format, ip, now = new Date() }: { format: ExportFormat; ip?: string | null; now?: Date },
): Promise<ClientDataExport | null> {
  const exists = await db.client.findUnique({ where: { id: clientId }, select: { id: true } });
  if (!exists) return null;
  await writeAudit({
    actor: viewer,
    action: AUDIT_ACTIONS.clientDataExported,
    ...clientTarget(clientId),
    details: { format },
    ip,
  });
  const [record, history, sales, interactions, followUps, cashReports, quotes, jobs] = await Promise.all([
    db.client.findUniqueOrThrow({ where: { id: clientId }, select: { ...ALL_COLUMNS, deletedAt: true } }),
    listConsentHistory(clientId),
    salesOfClient(clientId),
    interactionsOf(clientId),
    followUpsOfClient(clientId),
    cashTransactionsOfClient(clientId),
    quotesOfClient(clientId),
    jobsOfClient(clientId),
  ]);
  // A job's photos appear by their file names; the pictures themselves stay on the job's page.
  const photoNames = await photoNamesOfJobs(jobs.map((j) => j.id));
  // The follow-ups' own entries (scheduled, completed) are about the client too.
  const auditRows = await db.auditLog.findMany({
    where: {
      OR: [clientAuditWhere(clientId), { targetType: "follow_up", targetId: { in: followUps.map((f) => f.id) } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const client = clientJson(forViewer(record, viewer), (await readShopLists()).teams);
  return {
    exportedAt: now.toISOString(),
    exportedBy: { id: viewer.id, name: viewer.name },
    client: { ...client, deletedAt: record.deletedAt?.toISOString() ?? null },
    consents: { current: client.consent, history },
    sales: sales.map(saleJson),
    cashReports,
    interactions,
    followUps,
    quotes,
    jobs: jobs.map((j) => ({ ...j, photos: photoNames.get(j.id) ?? [] })),
    // An entry from before decision 014 about several clients shows only this client's part.
    audit: auditRows.map((row) => {
      const entry = auditApiEntry(row);
      const ids = parseClientIds((row.targetId ?? "").split(","));
      return ids.length > 1
        ? { ...entry, target: `client:${clientId}`, details: detailsAbout(entry.details, clientId, ids) }
        : entry;
    }),
  };
}

/** `client-12-data-2026-11-25.xlsx`: the id, not the name, so the file name itself holds no personal data. */
export function dataExportFileName(clientId: number, format: ExportFormat, now: Date = new Date()): string {
  return `client-${clientId}-data-${now.toISOString().slice(0, 10)}.${format}`;
}

/** The workbook is a file, in English: an action named as System Logs names it in English, an unknown code as stored. */
const englishLogs = fixedT("en", "logs");
const actionInEnglish = (action: string): string => {
  const key = keyOf(AUDIT_ACTION_KEYS, action);
  return key ? englishLogs(key) : action;
};

const text = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return typeof value === "string" ? value : JSON.stringify(value);
};

/**
 * The same export as a workbook a person can read: a sheet per section, labels instead of stored
 * keys, every cell neutralised (names, notes and audit details are free text that may look like a
 * formula).
 */
export function clientDataWorkbook(data: ClientDataExport): Buffer {
  const c = data.client as unknown as Record<string, unknown>;
  const record = [
    ["Field", "Value"],
    ["Client id", String(data.client.id)],
    ...CLIENT_FIELD_NAMES.map((name) => [
      clientField(name).label,
      // The team by its name (teamName), not its key.
      name === "team" ? (data.client.teamName ?? "") : fieldCellText(clientField(name).kind, c[jsonName(name)]),
    ]),
    ["Tier", labelOf(TIER_LABELS, data.client.tier)],
    ["Source", data.client.source],
    ["Owner", data.client.ownerName ?? ""],
    ["Added", data.client.createdAt],
    ["Last changed", data.client.updatedAt],
    ["Deleted", data.client.deletedAt ?? ""],
    ["Exported", `${data.exportedAt} by ${data.exportedBy.name}`],
  ];
  const consent = [
    ["Channel", "Status", "How", "Recorded", "Recorded by"],
    ...CONSENT_CHANNELS.map((channel) => [
      CONSENT_CHANNEL_LABELS[channel],
      `${CONSENT_STATUS_LABELS[data.consents.current[channel]]} (current)`,
      "",
      "",
      "",
    ]),
    ...data.consents.history.map((h) => [
      labelOf(CONSENT_CHANNEL_LABELS, h.channel),
      labelOf(CONSENT_STATUS_LABELS, h.status),
      labelOf(CONSENT_SOURCE_LABELS, h.source),
      h.recordedAt,
      h.recordedBy ?? "",
    ]),
  ];
  const sales = [
    [
      "Sale",
      "Date",
      "Amount (AED)",
      "Items",
      "Description",
      "Invoice",
      "Showroom",
      "Sold by",
      "Voided",
      "Void reason",
      "Paid",
      "Cash report",
    ],
    ...data.sales.map((s) => [
      String(s.id),
      s.saleDate,
      s.amount,
      s.items.map(itemSummary).join("\n"),
      s.description ?? "",
      s.invoiceNo ?? "",
      s.showroomName ?? "",
      s.soldByName ?? "",
      s.voidedAt ?? "",
      s.voidReason ?? "",
      s.payments.length === 0 ? "not recorded" : s.payments.map((p) => `${p.method} ${p.amount}`).join(", "),
      s.cashReport ?? "",
    ]),
  ];
  const cash = [
    [
      "Id",
      "Kind",
      "Date",
      "Cash (AED)",
      "Voided",
      "Status",
      "Identity",
      "Number",
      "Nationality",
      "goAML reference",
      "Reported on",
    ],
    ...data.cashReports.map((c) => [
      String(c.id),
      c.kind,
      c.at,
      c.cashAmount,
      c.voided ? "yes" : "",
      c.status ?? "",
      c.idType ?? "",
      c.idNumber ?? "",
      c.idNationality ?? "",
      c.reference ?? "",
      c.reportedOn ?? "",
    ]),
  ];
  const contacts = [
    ["When", "Contact", "Note", "Outcome", "By"],
    ...data.interactions.map((i) => [
      i.at,
      labelOf(INTERACTION_LABELS, i.type),
      i.note ?? "",
      i.outcome ?? "",
      i.userName ?? "",
    ]),
  ];
  const followUps = [
    ["Due", "Note", "Status", "Outcome", "Owner"],
    ...data.followUps.map((f) => [f.dueDate, f.note ?? "", f.status, f.outcome ?? "", f.ownerName ?? ""]),
  ];
  const quotes = [
    ["Quote", "Given", "Pieces", "Old gold", "Subtotal (AED)", "VAT (AED)", "Old gold credit (AED)", "Total (AED)"],
    ...data.quotes.map((q) => [
      q.number,
      q.createdAt,
      q.lines
        .map((l) =>
          [l.description, l.category, `${l.karat} ${l.weightGrams} g`, l.lineTotal].filter(Boolean).join(" · "),
        )
        .join("\n"),
      q.exchange.map((e) => `${e.karat} ${e.weightGrams} g less ${e.deductionPercent}% · ${e.credit}`).join("\n"),
      q.subtotal,
      q.vat,
      q.exchangeCredit,
      q.total,
    ]),
  ];
  // One row per job, then one per payment under it (the Kind column says which).
  const jobs = [
    [
      "Job",
      "Kind",
      "Type",
      "Status",
      "Taken",
      "Promised",
      "Description",
      "Pieces",
      "Price (AED)",
      "Paid (AED)",
      "Balance (AED)",
      "Method",
      "By",
      "Photos",
    ],
    ...data.jobs.flatMap((j) => [
      [
        j.number,
        "job",
        j.type,
        j.status,
        j.takenAt,
        j.promisedDate,
        j.description,
        j.items
          .map((i) =>
            [i.categoryName, i.karat === "none" ? null : `${i.karat}K`, i.weightGrams && `${i.weightGrams} g`, i.notes]
              .filter(Boolean)
              .join(" · "),
          )
          .join("\n"),
        j.price ?? "",
        j.paid,
        j.balance ?? "",
        "",
        j.takenByName,
        j.photos.join("\n"),
      ],
      ...j.payments.map((p) => [
        j.number,
        "payment",
        "",
        "",
        p.paidOn,
        "",
        "",
        "",
        "",
        p.amount,
        "",
        p.method,
        p.takenByName,
        "",
      ]),
    ]),
  ];
  const audit = [
    ["When", "Who", "Action", "Target", "Details"],
    ...data.audit.map((e) => [e.at, e.actorName, actionInEnglish(e.action), e.target ?? "", text(e.details)]),
  ];
  return writeWorkbook(
    [
      { name: "Client", rows: record },
      { name: "Consent", rows: consent },
      { name: "Sales", rows: sales },
      { name: "Cash", rows: cash },
      { name: "Contacts", rows: contacts },
      { name: "Follow-ups", rows: followUps },
      { name: "Quotes", rows: quotes },
      { name: "Jobs", rows: jobs },
      { name: "Audit", rows: audit },
    ].map((sheet) => ({ ...sheet, rows: neutralizeRows(sheet.rows) })),
  );
}
