import { isoFromDate, type IsoDate } from "./calendar";
import {
  clientField,
  EXPORTED_FIELDS,
  fieldCellText,
  spreadsheetHeader,
  type ClientFieldKind,
  type ExportedFieldName,
} from "./client-fields";
import { clientListSearch, DEFAULT_PAGE_SIZE, type ClientListQuery } from "./client-filters";
import { csvField } from "./csv-safety";
import { filsToDecimalString } from "./money";
import type { ShopChoice } from "./shop-lists";
import { TIER_LABELS, type Tier } from "./tiers";
import type { SheetCell } from "./xlsx-xml";

/**
 * The client book's export (docs/decisions/017-client-book-sort-and-export.md): every exported
 * field of the registry under the import template's header (so a file can be corrected and
 * imported again), then the tier and the owner. One row builder for both formats.
 */

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `format=xlsx|csv`; absent means xlsx. Null for anything else (a 400 on the route). */
export function parseExportFormat(raw: string | null): ExportFormat | null {
  const text = raw?.trim().toLowerCase() ?? "";
  if (text === "") return "xlsx";
  return (EXPORT_FORMATS as readonly string[]).includes(text) ? (text as ExportFormat) : null;
}

export const EXPORT_FORMAT_ERROR = 'Unknown format: use "xlsx" or "csv"';

export const CLIENT_EXPORT_HEADERS: readonly string[] = [...EXPORTED_FIELDS.map(spreadsheetHeader), "Tier", "Owner"];

/** A client as the export reads it: the exported fields as stored, the tier and the owner's name. */
export type ExportedClient = { [K in ExportedFieldName]: unknown } & {
  tier: string;
  owner: { name: string } | null;
};

function fieldCell(kind: ClientFieldKind, value: unknown, teams: readonly ShopChoice[]): SheetCell {
  if (value === null || value === undefined) return null;
  if (kind === "money" && typeof value === "bigint") return { amount: filsToDecimalString(value) };
  if (kind === "date" && value instanceof Date) return { day: isoFromDate(value) };
  return { text: fieldCellText(kind, value, teams) };
}

/**
 * One client's cells, in CLIENT_EXPORT_HEADERS order (text as stored; each writer neutralises it); the team by
 * its English name from `teams`, the shop's (so the file can be imported again).
 */
export function clientExportCells(client: ExportedClient, teams: readonly ShopChoice[]): SheetCell[] {
  return [
    ...EXPORTED_FIELDS.map((name) => fieldCell(clientField(name).kind, client[name], teams)),
    { text: TIER_LABELS[client.tier as Tier] ?? client.tier },
    { text: client.owner?.name ?? "" },
  ];
}

function cellText(cell: SheetCell): string {
  if (cell === null) return "";
  if ("text" in cell) return cell.text;
  if ("amount" in cell) return cell.amount;
  return cell.day;
}

/** One CSV line: every field neutralised and quoted, CRLF (see csv-safety.ts). */
export function csvLine(cells: readonly (SheetCell | string)[]): string {
  return cells.map((cell) => csvField(typeof cell === "string" ? cell : cellText(cell))).join(",") + "\r\n";
}

/** The CSV's start: a BOM (Arabic names open correctly in Excel) and the header line. */
export const CLIENT_EXPORT_CSV_START = "\uFEFF" + csvLine(CLIENT_EXPORT_HEADERS);

export function clientExportFileName(today: IsoDate, format: ExportFormat): string {
  return `client-book-${today}.${format}`;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** The Export link of a list: its filters and sort (not its page), and the format. */
export function clientExportHref(query: ClientListQuery, format: ExportFormat): string {
  const params = new URLSearchParams(clientListSearch({ ...query, page: 1, limit: DEFAULT_PAGE_SIZE }));
  params.set("format", format);
  return `/api/clients/export?${params}`;
}
