import { dateTimeFormat } from "./date-format";
import { intlLocale, type Language, type Locale } from "./languages";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";

/** What an import answers (docs/product-rules.md §3 'Import result') and how the page shows it (docs/product-rules.md §2, §9). */

export type SkippedClient = { name: string; mobile: string; reason: string };

/**
 * A skipped row as the import keeps it for the export: the answer's name, mobile and reason, plus
 * the row's other exported fields as cell text (keyed by JSON name), so the export can be fixed and
 * imported again.
 */
export type SkippedRow = SkippedClient & { values?: Record<string, string> };

/**
 * The spec's fields, then the sales and items a purchase history brought in (0 for a client file;
 * `imported` stays the number of new clients).
 */
export type ImportResult = {
  success: boolean;
  imported: number;
  skipped: number;
  skippedClients: SkippedClient[];
  errors: string[];
  message: string;
  importedSales: number;
  importedItems: number;
  /** Existing clients the rows filled in (only when the import updates them; decision 048). */
  updated: number;
  /** New clients that look like one already in the book (same email, Emirates ID or name and birth date). */
  possibleDuplicates: number;
  /** Only on a refusal because another import of the kind runs (409). */
  busy?: ImportBusy;
};

/** docs/product-rules.md §3 'Import last-times': when each import last finished, and who ran it (timestamp null: never). */
export type LastImport = {
  timestamp: string | null;
  userName: string | null;
  fileName: string | null;
  imported: number;
  skipped: number;
};
export type LastImportTimes = { lastClientImport: LastImport; lastZohoImport: LastImport };

/** docs/product-rules.md §9: the page lists the first 10 skipped clients and the first 5 errors, then "and N more". */
export const SKIPPED_SHOWN = 10;
export const ERRORS_SHOWN = 5;

export function firstWithMore<T>(items: readonly T[], shown: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The one-line summary shown in the notification and on the result page; `sales` is given for a
 * purchase history (docs/decisions/020-purchase-history-imports.md).
 */
export function importSummary(counts: {
  imported: number;
  skipped: number;
  errors: number;
  sales?: { count: number; items: number };
}): string {
  const clients = plural(counts.imported, "new client", "new clients");
  const { sales } = counts;
  const parts = [
    sales
      ? `Imported ${clients} and ${plural(sales.count, "sale", "sales")} (${plural(sales.items, "item", "items")}).`
      : `Imported ${clients}.`,
  ];
  if (counts.skipped > 0)
    parts.push(
      `${plural(counts.skipped, "row", "rows")} skipped (${sales ? "already in the system" : "already in the system or repeated in the file"}).`,
    );
  if (counts.errors > 0)
    parts.push(
      `${plural(counts.errors, "row has errors", "rows have errors")} and ${counts.errors === 1 ? "was" : "were"} not imported.`,
    );
  return parts.join(" ");
}

export function failedResult(message: string): ImportResult {
  return {
    success: false,
    imported: 0,
    skipped: 0,
    skippedClients: [],
    errors: [],
    message,
    importedSales: 0,
    importedItems: 0,
    updated: 0,
    possibleDuplicates: 0,
  };
}

/** What an import does with a row whose client is already in the book (same mobile, else same Emirates ID). */
export const EXISTING_CLIENT_CHOICES = ["skip", "update"] as const;
export type ExistingClientChoice = (typeof EXISTING_CLIENT_CHOICES)[number];

/** The form field `existing`: absent is "skip"; anything else than the choices is refused (null). */
export function existingClientChoice(value: string | undefined): ExistingClientChoice | null {
  if (value === undefined || value === "") return "skip";
  return (EXISTING_CLIENT_CHOICES as readonly string[]).includes(value) ? (value as ExistingClientChoice) : null;
}

/** Reasons a row is skipped rather than imported (the database duplicate reason comes from the client rules). */
export const SKIP_REASONS = {
  repeatsRow: (row: number) => `Repeats row ${row} of this file`,
  templateExample: "Example row from the template",
  /** Decision 048: another mobile, but the Emirates ID of a client in the book. */
  emiratesIdTaken: (name: string) => `This Emirates ID already belongs to ${name}.`,
  /** `invoice` is how messages name it: "Invoice 123 at Dubai Mall". */
  invoiceRecorded: (invoice: string) => `${invoice} is already recorded`,
  // Only an invoice number tells a purchase already imported from a new one.
  noInvoiceNumber:
    "No invoice number: a client already in the system gets purchases only with their invoice number, so a file imported twice adds nothing",
} as const;

/**
 * Why an import was refused while another of its kind runs (ISO instants): since when that run
 * runs, and the latest time it still counts as alive: its last heartbeat plus the staleness
 * timeout (app/services/import.server.ts). A run that died is taken over by an import after then.
 */
export type ImportBusy = { runningSince: string; freeBy: string };

/**
 * An import's moment as the Import Data page shows it: the shop's 24-hour clock in both languages
 * (browsers' Arabic data differ on the AM/PM words).
 */
export function importTimeText(iso: string, timeZone: string, locale: Language | Locale = "en"): string {
  return dateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone,
  }).format(new Date(iso));
}

/** The refusal while another import runs, naming since when and until when at the latest, in the shop's time zone. */
export function importBusyMessage(busy: ImportBusy, timeZone: string, locale: Language | Locale = "en"): Message {
  return message(MESSAGE_CODES.importBusy, {
    since: importTimeText(busy.runningSince, timeZone, locale),
    until: importTimeText(busy.freeBy, timeZone, locale),
  });
}

/** What the result panel shows: the counts, the first skipped rows and errors, and how many more there are. */
export type ImportReportView = {
  success: boolean;
  message: string;
  imported: number;
  importedSales: number;
  importedItems: number;
  updated: number;
  possibleDuplicates: number;
  skipped: { shown: SkippedClient[]; more: number; total: number };
  errors: { shown: string[]; more: number; total: number };
};

export function importReportView(result: ImportResult): ImportReportView {
  return {
    success: result.success,
    message: result.message,
    imported: result.imported,
    importedSales: result.importedSales,
    importedItems: result.importedItems,
    updated: result.updated,
    possibleDuplicates: result.possibleDuplicates,
    skipped: { ...firstWithMore(result.skippedClients, SKIPPED_SHOWN), total: result.skippedClients.length },
    errors: { ...firstWithMore(result.errors, ERRORS_SHOWN), total: result.errors.length },
  };
}
