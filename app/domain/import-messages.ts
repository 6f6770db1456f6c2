import type { TFunction } from "i18next";
import { formatCount } from "./display-labels";
import type { Language, Locale } from "./languages";
import { SKIP_REASONS } from "./import-report";
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from "./spreadsheet-file";

/*
 * The import writes its answer in English: the JSON of /api/import/* keeps it (decision 008), and a run's
 * message, skipped reasons and row errors are stored as written. The Import Data page says them in its own
 * language by reading them back into catalog keys here (docs/decisions/021-arabic-and-english.md); a text
 * this does not know is shown as it is.
 */

/** The import's fixed refusals and failures (the services' texts, word for word). */
const FIXED_KEYS: Record<string, string> = {
  "Import failed. Please check your file format and try again.": "import:failures.unexpected",
  [FILE_TOO_LARGE_MESSAGE]: "import:failures.tooLarge",
  [INVALID_FILE_TYPE_MESSAGE]: "import:failures.invalidType",
  "The file is too large to read. Split it into smaller files and import them one by one.":
    "import:failures.tooBigToRead",
  "The file took too long to read. Split it into smaller files and import them one by one.":
    "import:failures.tooSlowToRead",
  "The file could not be read as a spreadsheet. Please check the file format and try again.":
    "import:failures.unreadable",
  "The workbook is too large once unpacked. Split it into smaller files and import them one by one.":
    "import:failures.tooBigUnpacked",
  "The file has no rows. Fill in the template and try again.": "import:failures.noRows",
  "The file has no client rows below the header row.": "import:failures.noClientRows",
  "Choose a file to import.": "import:failures.chooseFile",
  "The upload could not be read. Please choose the file again.": "import:failures.uploadUnreadable",
  "The import stopped responding and was abandoned.": "import:failures.abandoned",
};

const COUNT = "([\\d,]+)";
/** importSummary's sentences (app/domain/import-report.ts). */
const SUMMARY = new RegExp(
  `^Imported ${COUNT} new clients?(?: and ${COUNT} sales? \\(${COUNT} items?\\))?\\.` +
    `(?: ${COUNT} rows? skipped \\(already in the system( or repeated in the file)?\\)\\.)?` +
    `(?: ${COUNT} rows? (?:has|have) errors and (?:was|were) not imported\\.)?$`,
);
const PARTIAL = /^(.*?) (Imported [\d,]+ new .*) Import the same file again to finish\.$/;
const MISSING_COLUMNS = /^Missing required columns: (.+)\. Use the headers of the template\.$/;

const number = (text: string) => Number(text.replace(/,/g, ""));

/** A stored duplicate-mobile reason (the English of app/domain/duplicate-mobile.ts's message). */
const MOBILE_TAKEN = /^This mobile number already belongs to (.+)\.$/;
const MOBILE_TAKEN_BY_DELETED = /^This mobile number belongs to (.+), a deleted client\. An admin can restore them\.$/;

/** "10 MB" in the page's words. */
export function uploadLimitText(t: TFunction, locale: Language | Locale = "en"): string {
  return t("import:megabytes", { n: formatCount(MAX_UPLOAD_BYTES / 1024 / 1024, locale) });
}

function summaryText(message: string, t: TFunction, locale: Language | Locale): string | null {
  const match = SUMMARY.exec(message);
  if (!match) return null;
  const [, clients, sales, items, skipped, repeated, errors] = match;
  const counted = (key: string, text: string) => t(key, { count: number(text), n: formatCount(number(text), locale) });
  const imported = counted("import:summary.newClients", clients!);
  const parts = [
    sales === undefined
      ? t("import:summary.imported", { clients: imported })
      : t("import:summary.importedWithSales", {
          clients: imported,
          sales: counted("import:summary.sales", sales),
          items: counted("import:summary.items", items!),
        }),
  ];
  if (skipped !== undefined) {
    const rows = counted("import:summary.rows", skipped);
    parts.push(repeated ? t("import:summary.skippedOrRepeated", { rows }) : t("import:summary.skipped", { rows }));
  }
  if (errors !== undefined) parts.push(counted("import:summary.errors", errors));
  return parts.join(" ");
}

/** An import's message (its summary, a refusal or a failure) in the page's language. */
export function importMessageText(message: string, t: TFunction, locale: Language | Locale = "en"): string {
  const fixed = FIXED_KEYS[message];
  if (fixed) return t(fixed, { max: uploadLimitText(t) });
  const summary = summaryText(message, t, locale);
  if (summary !== null) return summary;
  const partial = PARTIAL.exec(message);
  if (partial) {
    const summaryOfWritten = summaryText(partial[2]!, t, locale);
    if (summaryOfWritten !== null)
      return t("import:summary.partial", { reason: importMessageText(partial[1]!, t), summary: summaryOfWritten });
  }
  const missing = MISSING_COLUMNS.exec(message);
  if (missing) return t("import:failures.missingColumns", { columns: missing[1] });
  return message;
}

export type CatalogText = { key: string; values: Record<string, string> };

/**
 * Why a row was skipped, as a key and its values (for `<Trans>`: a client's name and an invoice number
 * are marked in the texts), or null for a reason this does not know. `showroomName` names a showroom,
 * given by its English name, in the page's language.
 */
export function skipReasonText(
  reason: string,
  _t: TFunction,
  showroomName: (english: string) => string = (english) => english,
): CatalogText | null {
  if (reason === SKIP_REASONS.templateExample) return { key: "import:reasons.templateExample", values: {} };
  if (reason === SKIP_REASONS.noInvoiceNumber) return { key: "import:reasons.noInvoiceNumber", values: {} };
  let match = /^Repeats row (\d+) of this file$/.exec(reason);
  if (match) return { key: "import:reasons.repeatsRow", values: { row: match[1]! } };
  match = MOBILE_TAKEN.exec(reason);
  if (match) return { key: "import:reasons.mobileTaken", values: { name: match[1]! } };
  match = MOBILE_TAKEN_BY_DELETED.exec(reason);
  if (match) return { key: "import:reasons.mobileDeleted", values: { name: match[1]! } };
  match = /^Invoice (.+) is already recorded$/.exec(reason);
  if (!match) return null;
  const invoice = match[1]!;
  // "A 12 at Dubai Mall": the showroom's English name (app/domain/import-purchases.ts invoiceName).
  const at = /^(.+) at (.+)$/.exec(invoice);
  if (!at) return { key: "import:reasons.invoiceRecorded", values: { invoice } };
  return {
    key: "import:reasons.invoiceAtShowroomRecorded",
    values: { invoice: at[1]!, showroom: showroomName(at[2]!) },
  };
}

/** "Row 7: …" split into the row and what is wrong (written by the shared client rules, in English). */
export function rowErrorParts(error: string): { row: string; detail: string } | null {
  const match = /^Row (\d+): ([\s\S]*)$/.exec(error);
  return match ? { row: match[1]!, detail: match[2]! } : null;
}
