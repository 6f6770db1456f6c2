import { dateTimeFormat } from "./date-format";
import { intlLocale, type Language, type Locale } from "./languages";
import { isMessageCode, MESSAGE_CODES, type MessageCode } from "./message-codes";
import { message, type LocalName, type Message, type MessageValue } from "./messages";
import type { DuplicateReason } from "./duplicate-keys";
import { DUPLICATE_REASON_KEYS } from "~/i18n/duplicate-reason-keys";
import { MAX_UPLOAD_BYTES } from "./spreadsheet-file";

/** What an import answers (docs/product-rules.md §3 'Import result') and how the page shows it (docs/product-rules.md §2, §9). */

/**
 * What an import says (its message, a row's skip reason or error): a message code with its values, which the
 * page says in its language and the JSON in English; a run stored before the codes kept its English text,
 * shown as written.
 */
export type ImportText = Message | string;

export type SkippedClient<Text = ImportText> = { name: string; mobile: string; reason: Text };

/**
 * A skipped row as the import keeps it for the export: the answer's name, mobile and reason, plus
 * the row's other exported fields as cell text (keyed by JSON name), so the export can be fixed and
 * imported again.
 */
export type SkippedRow = SkippedClient & { values?: Record<string, string> };

/**
 * The spec's fields, then the sales and items a purchase history brought in (0 for a client file;
 * `imported` stays the number of new clients). The JSON answer's texts are English strings (`ImportResult<string>`).
 */
export type ImportResult<Text = ImportText> = {
  success: boolean;
  imported: number;
  skipped: number;
  skippedClients: SkippedClient<Text>[];
  errors: Text[];
  message: Text;
  importedSales: number;
  importedItems: number;
  /** Existing clients the rows filled in (only when the import updates them; decision 048). */
  updated: number;
  /** New clients that look like one already in the book (same email, Emirates ID or name and birth date). */
  possibleDuplicates: number;
  /** Only on a refusal because another import of the kind runs (409). */
  busy?: ImportBusy;
};

/** The header the Import Data page's upload sends for the answer's message as a code (app/services/import.server.ts). */
export const IMPORT_WORDS_HEADER = "X-Import-Words";

/** An import's texts said one way (in English for the JSON, `english`). */
export function sayResult<Text>(result: ImportResult, say: (said: ImportText) => Text): ImportResult<Text> {
  return {
    ...result,
    message: say(result.message),
    skippedClients: result.skippedClients.map((s) => ({ name: s.name, mobile: s.mobile, reason: say(s.reason) })),
    errors: result.errors.map(say),
  };
}

/**
 * A stored text read back: a message as the import stores it (an object, or its JSON in the run's message
 * column), or the English text a run stored before message codes, as written. Not a message code: as written.
 */
export function storedText(stored: unknown): ImportText {
  let value = stored;
  if (typeof stored === "string" && stored.startsWith("{")) {
    try {
      value = JSON.parse(stored) as unknown;
    } catch {
      return stored;
    }
  }
  if (typeof value === "string") return value;
  const code = (value as { code?: unknown } | null)?.code;
  return typeof code === "string" && isMessageCode(code) ? (value as Message) : String(stored);
}

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

/** "1,234 new clients" and the like: a plural text counting `n`. */
const counted = (code: MessageCode, n: number) => message(code, { count: n, n: { count: n } });

/** The sentences of a message one after another. */
const then = (first: Message, next: Message) => message(MESSAGE_CODES.importThen, { first, next });

/**
 * The one-line summary shown in the notification and on the result page; `sales` is given for a
 * purchase history (docs/decisions/020-purchase-history-imports.md).
 */
export function importSummary(counts: {
  imported: number;
  skipped: number;
  errors: number;
  sales?: { count: number; items: number };
}): Message {
  const clients = counted(MESSAGE_CODES.importNewClients, counts.imported);
  const { sales } = counts;
  let summary = sales
    ? message(MESSAGE_CODES.importImportedWithSales, {
        clients,
        sales: counted(MESSAGE_CODES.importSales, sales.count),
        items: counted(MESSAGE_CODES.importItems, sales.items),
      })
    : message(MESSAGE_CODES.importImported, { clients });
  if (counts.skipped > 0) {
    const rows = counted(MESSAGE_CODES.importRows, counts.skipped);
    summary = then(
      summary,
      message(sales ? MESSAGE_CODES.importSkipped : MESSAGE_CODES.importSkippedOrRepeated, { rows }),
    );
  }
  if (counts.errors > 0) summary = then(summary, counted(MESSAGE_CODES.importErrors, counts.errors));
  return summary;
}

/** A failure after some batches were written: why, what was written, and to import the file again. */
export function partialMessage(reason: Message, written: Message): Message {
  return message(MESSAGE_CODES.importPartial, { reason, summary: written });
}

/** "10 MB": the upload limit in the reader's digits. */
export const UPLOAD_LIMIT: Message = message(MESSAGE_CODES.importMegabytes, {
  n: { count: MAX_UPLOAD_BYTES / 1024 / 1024 },
});

/** The refusals and failures of an import that name nothing but the upload limit. */
export const IMPORT_FAILURES = {
  unexpected: message(MESSAGE_CODES.importUnexpected),
  tooLarge: message(MESSAGE_CODES.importTooLarge, { max: UPLOAD_LIMIT }),
  invalidType: message(MESSAGE_CODES.importInvalidType),
  tooBigToRead: message(MESSAGE_CODES.importTooBigToRead),
  tooSlowToRead: message(MESSAGE_CODES.importTooSlowToRead),
  unreadable: message(MESSAGE_CODES.importUnreadable),
  tooBigUnpacked: message(MESSAGE_CODES.importTooBigUnpacked),
  noRows: message(MESSAGE_CODES.importNoRows),
  noClientRows: message(MESSAGE_CODES.importNoClientRows),
  chooseFile: message(MESSAGE_CODES.importChooseFile),
  uploadUnreadable: message(MESSAGE_CODES.importUploadUnreadable),
  notMultipart: message(MESSAGE_CODES.importNotMultipart),
  existingChoice: message(MESSAGE_CODES.importExistingChoice),
  abandoned: message(MESSAGE_CODES.importAbandoned),
} as const;

/** The refusal of a file without the columns the import needs (as the template's headers name them). */
export function missingColumnsMessage(columns: readonly string[]): Message {
  return message(MESSAGE_CODES.importMissingColumns, { columns: columns.join(", ") });
}

export function failedResult(said: Message): ImportResult {
  return {
    success: false,
    imported: 0,
    skipped: 0,
    skippedClients: [],
    errors: [],
    message: said,
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

/** Reasons a row is skipped rather than imported. */
export const SKIP_REASONS = {
  repeatsRow: (row: number) => message(MESSAGE_CODES.importRepeatsRow, { row }),
  templateExample: message(MESSAGE_CODES.importTemplateExample),
  /** The mobile's holder; a deleted client's number stays reserved until an admin restores or erases them. */
  mobileTaken: (holder: { fullName: string; deletedAt: Date | null }) =>
    message(holder.deletedAt ? MESSAGE_CODES.importMobileDeleted : MESSAGE_CODES.importMobileTaken, {
      name: holder.fullName,
    }),
  /** Decision 048: another mobile, but the Emirates ID of a client in the book. */
  emiratesIdTaken: (name: string) => message(MESSAGE_CODES.importEmiratesIdTaken, { name }),
  /**
   * A new client created all the same who looks like one in the book: who, and why in the Duplicates page's
   * words. A pair always has a reason, so the list is never empty.
   */
  looksLike: (partner: { fullName: string; mobileNumber: string }, reasons: readonly DuplicateReason[]) =>
    message(MESSAGE_CODES.importLooksLike, {
      name: partner.fullName,
      mobile: partner.mobileNumber,
      reasons: reasons
        .map((reason): MessageValue => ({ label: DUPLICATE_REASON_KEYS[reason] }))
        .reduce((items, next) => message(MESSAGE_CODES.importReasonList, { items, next })),
    }),
  /** An invoice number is unique per showroom, so a recorded one names its showroom when it has one. */
  invoiceRecorded: (invoice: string, showroom: LocalName | null) =>
    showroom
      ? message(MESSAGE_CODES.importInvoiceAtShowroomRecorded, { invoice, showroom: { names: [showroom] } })
      : message(MESSAGE_CODES.importInvoiceRecorded, { invoice }),
  // Only an invoice number tells a purchase already imported from a new one.
  noInvoiceNumber: message(MESSAGE_CODES.importNoInvoiceNumber),
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

/**
 * What the result panel shows: the counts, the first skipped rows and errors, and how many more there are,
 * their texts said in the page's language.
 */
export type ImportReportView = {
  success: boolean;
  message: string;
  imported: number;
  importedSales: number;
  importedItems: number;
  updated: number;
  possibleDuplicates: number;
  skipped: { shown: SkippedClient<string>[]; more: number; total: number };
  errors: { shown: string[]; more: number; total: number };
};

/** The panel's view of a result; only the texts shown are said. */
export function importReportView(result: ImportResult, say: (text: ImportText) => string): ImportReportView {
  const skipped = firstWithMore(result.skippedClients, SKIPPED_SHOWN);
  const errors = firstWithMore(result.errors, ERRORS_SHOWN);
  return {
    success: result.success,
    message: say(result.message),
    imported: result.imported,
    importedSales: result.importedSales,
    importedItems: result.importedItems,
    updated: result.updated,
    possibleDuplicates: result.possibleDuplicates,
    skipped: {
      shown: skipped.shown.map(({ name, mobile, reason }) => ({ name, mobile, reason: say(reason) })),
      more: skipped.more,
      total: result.skippedClients.length,
    },
    errors: { shown: errors.shown.map(say), more: errors.more, total: result.errors.length },
  };
}
