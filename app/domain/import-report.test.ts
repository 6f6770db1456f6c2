import { describe, expect, it } from "vitest";
import { english } from "~/i18n/english.server";
import { fixedT } from "~/i18n/i18n.server";
import { say, sayPlain } from "~/i18n/messages";
import {
  firstWithMore,
  IMPORT_FAILURES,
  importBusyMessage,
  importReportView,
  importSummary,
  missingColumnsMessage,
  partialMessage,
  SKIP_REASONS,
  storedText,
  type ImportResult,
} from "./import-report";
import { rowError } from "./import-rows";
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE } from "./spreadsheet-file";

const ar = fixedT("ar", "import");

describe("import report", () => {
  it("shows the first N and counts the rest", () => {
    expect(firstWithMore([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
    expect(firstWithMore([1, 2], 5)).toEqual({ shown: [1, 2], more: 0 });
  });
});

// The JSON of /api/import/* says these in English from the catalogs, word for word as before the codes (decision 008).
describe("the import's messages in English", () => {
  it("summarises the counts in words", () => {
    expect(english(importSummary({ imported: 1, skipped: 0, errors: 0 }))).toBe("Imported 1 new client.");
    expect(english(importSummary({ imported: 1200, skipped: 2, errors: 1 }))).toBe(
      "Imported 1,200 new clients. 2 rows skipped (already in the system or repeated in the file). 1 row has errors and was not imported.",
    );
  });

  it("counts a purchase history's sales and items too", () => {
    expect(english(importSummary({ imported: 12, skipped: 0, errors: 0, sales: { count: 40, items: 95 } }))).toBe(
      "Imported 12 new clients and 40 sales (95 items).",
    );
    expect(english(importSummary({ imported: 0, skipped: 3, errors: 1, sales: { count: 1, items: 1 } }))).toBe(
      "Imported 0 new clients and 1 sale (1 item). 3 rows skipped (already in the system). 1 row has errors and was not imported.",
    );
  });

  it("says refusals and failures, a partial import and missing columns", () => {
    expect(english(IMPORT_FAILURES.tooLarge)).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(english(IMPORT_FAILURES.invalidType)).toBe(INVALID_FILE_TYPE_MESSAGE);
    expect(english(missingColumnsMessage(["Full Name", "Team"]))).toBe(
      "Missing required columns: Full Name, Team. Use the headers of the template.",
    );
    expect(
      english(partialMessage(IMPORT_FAILURES.tooSlowToRead, importSummary({ imported: 500, skipped: 0, errors: 0 }))),
    ).toBe(
      "The file took too long to read. Split it into smaller files and import them one by one. " +
        "Imported 500 new clients. Import the same file again to finish.",
    );
  });

  it("says why rows were skipped and what is wrong with a row", () => {
    const dubaiMall = { name: "Dubai Mall", nameAr: "دبي مول" };
    expect(english(SKIP_REASONS.repeatsRow(4))).toBe("Repeats row 4 of this file");
    expect(english(SKIP_REASONS.invoiceRecorded("A 12", dubaiMall))).toBe(
      "Invoice A 12 at Dubai Mall is already recorded",
    );
    expect(english(SKIP_REASONS.invoiceRecorded("A 12", null))).toBe("Invoice A 12 is already recorded");
    expect(english(SKIP_REASONS.mobileTaken({ fullName: "Aisha Rahman", deletedAt: null }))).toBe(
      "This mobile number already belongs to Aisha Rahman.",
    );
    expect(english(SKIP_REASONS.mobileTaken({ fullName: "Aisha Rahman", deletedAt: new Date() }))).toBe(
      "This mobile number belongs to Aisha Rahman, a deleted client. An admin can restore them.",
    );
    expect(english(SKIP_REASONS.emiratesIdTaken("Badr Base"))).toBe("This Emirates ID already belongs to Badr Base.");
    expect(english(rowError(7, ["Name is required", "Team is required"]))).toBe(
      "Row 7: Name is required; Team is required",
    );
  });

  it("says since when another import runs and until when at the latest, in the shop's time zone", () => {
    const busy = { runningSince: "2026-12-05T07:58:10.000Z", freeBy: "2026-12-05T08:03:30.000Z" };
    expect(english(importBusyMessage(busy, "Asia/Dubai"))).toBe(
      "An import has been running since 5 Dec 2026, 11:58. Please wait for it to finish and try again; " +
        "if it has stopped, you can import again from 5 Dec 2026, 12:03 at the latest.",
    );
    expect(say(ar, importBusyMessage(busy, "Asia/Dubai", "ar"))).toMatch(
      /^يجري استيراد آخر منذ .*11:58.*في موعد أقصاه .*12:03/,
    );
  });
});

describe("the import's messages in Arabic", () => {
  it("counts with Arabic plurals, thousands separated, in the page's digits", () => {
    expect(say(ar, importSummary({ imported: 1234, skipped: 1, errors: 2 }))).toBe(
      "تم استيراد 1,234 عميلًا جديدًا. تم تخطي صف واحد (موجودة مسبقًا في النظام أو مكررة في الملف). صفّان فيهما أخطاء ولم يُستوردا.",
    );
    expect(say(ar, importSummary({ imported: 2, skipped: 0, errors: 0, sales: { count: 12, items: 30 } }))).toBe(
      "تم استيراد عميلين جديدين و12 عملية بيع (30 قطعة).",
    );
    const arabicDigits = { language: "ar", numerals: "arab" } as const;
    expect(say(fixedT(arabicDigits, "import"), IMPORT_FAILURES.tooLarge, undefined, arabicDigits)).toBe(
      "الملف كبير جدًا: الحد الأقصى ١٠ ميغابايت. قسّم الملف واستورد أجزاءه.",
    );
  });

  it("names a client and an invoice apart from the sentence, and a showroom by its Arabic name", () => {
    expect(say(ar, SKIP_REASONS.invoiceRecorded("A 12", { name: "Dubai Mall", nameAr: "دبي مول" }))).toBe(
      "الفاتورة <bdi>A 12</bdi> في دبي مول مسجلة مسبقًا",
    );
    expect(say(ar, SKIP_REASONS.mobileTaken({ fullName: "Aisha", deletedAt: null }))).toBe(
      "رقم الجوال هذا مسجل باسم <bdi>Aisha</bdi>.",
    );
    expect(sayPlain(ar, rowError(3, ['Mobile Number "12ab": not a UAE mobile']))).toBe(
      'الصف 3: Mobile Number "12ab": not a UAE mobile',
    );
  });
});

describe("a run's stored texts", () => {
  it("reads a stored message back, and the English a run stored before the codes as written", () => {
    const summary = importSummary({ imported: 1, skipped: 0, errors: 0 });
    expect(storedText(JSON.stringify(summary))).toEqual(summary);
    expect(storedText(SKIP_REASONS.repeatsRow(4))).toEqual(SKIP_REASONS.repeatsRow(4));
    expect(storedText("Imported 3 new clients.")).toBe("Imported 3 new clients.");
    expect(storedText('{"code":"not:a.code"}')).toBe('{"code":"not:a.code"}');
    expect(storedText("{not json")).toBe("{not json");
  });

  it("says only the texts the panel shows", () => {
    const result: ImportResult = {
      success: true,
      imported: 0,
      skipped: 12,
      skippedClients: Array.from({ length: 12 }, (_, i) => ({
        name: `Client ${i}`,
        mobile: "971500000000",
        reason: i === 0 ? "Repeats row 2 of this file" : SKIP_REASONS.repeatsRow(i + 2),
      })),
      errors: [rowError(3, ["Team is required"])],
      message: importSummary({ imported: 0, skipped: 12, errors: 1 }),
      importedSales: 0,
      importedItems: 0,
      updated: 0,
      possibleDuplicates: 0,
    };
    const view = importReportView(result, (text) => say(ar, text));
    expect(view.skipped.shown.map((s) => s.reason).slice(0, 2)).toEqual([
      "Repeats row 2 of this file",
      "يكرر الصف 3 من هذا الملف",
    ]);
    expect(view.skipped).toMatchObject({ more: 2, total: 12 });
    expect(view.errors.shown).toEqual(["الصف 3: <bdi>Team is required</bdi>"]);
    expect(view.message).toMatch(/^تم استيراد 0 عميل جديد\. تم تخطي 12 صفًّا/);
  });
});
