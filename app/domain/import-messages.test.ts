import { describe, expect, it } from "vitest";
import { english } from "~/i18n/english.server";
import { fixedT } from "~/i18n/i18n.server";
import { TOO_BIG_TO_READ, TOO_SLOW_TO_READ } from "~/services/import-parse.server";
import { duplicateMobileMessage } from "./duplicate-mobile";
import { importBusyMessage, importSummary, SKIP_REASONS } from "./import-report";
import { say } from "~/i18n/messages";
import { importMessageText, rowErrorParts, skipReasonText } from "./import-messages";
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE } from "./spreadsheet-file";

const en = fixedT("en", "import");
const ar = fixedT("ar", "import");

describe("the import's English messages read back into the page's language", () => {
  const summaries = [
    importSummary({ imported: 1, skipped: 0, errors: 0 }),
    importSummary({ imported: 1234, skipped: 1, errors: 2 }),
    importSummary({ imported: 0, skipped: 3, errors: 1, sales: { count: 1, items: 1 } }),
    importSummary({ imported: 2, skipped: 0, errors: 0, sales: { count: 12, items: 30 } }),
  ];
  const fixed = [
    FILE_TOO_LARGE_MESSAGE,
    INVALID_FILE_TYPE_MESSAGE,
    TOO_BIG_TO_READ,
    TOO_SLOW_TO_READ,
    "Import failed. Please check your file format and try again.",
    "Missing required columns: Full Name, Team. Use the headers of the template.",
    `${TOO_SLOW_TO_READ} ${importSummary({ imported: 500, skipped: 0, errors: 0 })} Import the same file again to finish.`,
  ];

  it("gives the same English, word for word", () => {
    for (const message of [...summaries, ...fixed]) expect(importMessageText(message, en)).toBe(message);
  });

  it("says them in Arabic, counted with Arabic plurals", () => {
    expect(importMessageText(summaries[1]!, ar)).toBe(
      "تم استيراد 1,234 عميلًا جديدًا. تم تخطي صف واحد (موجودة مسبقًا في النظام أو مكررة في الملف). صفّان فيهما أخطاء ولم يُستوردا.",
    );
    expect(importMessageText(summaries[3]!, ar)).toBe("تم استيراد عميلين جديدين و12 عملية بيع (30 قطعة).");
    expect(importMessageText(FILE_TOO_LARGE_MESSAGE, ar)).toBe(
      "الملف كبير جدًا: الحد الأقصى 10 ميغابايت. قسّم الملف واستورد أجزاءه.",
    );
    expect(importMessageText(fixed.at(-1)!, ar)).toMatch(/^استغرقت قراءة الملف .* تم استيراد 500 عميل جديد\. استورد/);
    expect(importMessageText("Something new", ar)).toBe("Something new");
  });

  it("says since when another import runs and until when at the latest, in the shop's time zone", () => {
    const busy = { runningSince: "2026-12-05T07:58:10.000Z", freeBy: "2026-12-05T08:03:30.000Z" };
    expect(english(importBusyMessage(busy, "Asia/Dubai"))).toBe(
      "An import has been running since 5 Dec 2026, 11:58. Please wait for it to finish and try again; " +
        "if it has stopped, you can import again from 5 Dec 2026, 12:03 at the latest.",
    );
    const arabic = say(ar, importBusyMessage(busy, "Asia/Dubai", "ar"));
    expect(arabic).toMatch(/^يجري استيراد آخر منذ .*11:58.*في موعد أقصاه .*12:03/);
  });

  it("reads skipped reasons and row errors", () => {
    expect(skipReasonText(SKIP_REASONS.repeatsRow(4), ar)).toEqual({
      key: "import:reasons.repeatsRow",
      values: { row: "4" },
    });
    const arabic = (name: string) => (name === "Dubai Mall" ? "دبي مول" : name);
    expect(skipReasonText(SKIP_REASONS.invoiceRecorded("Invoice A 12 at Dubai Mall"), ar, arabic)).toEqual({
      key: "import:reasons.invoiceAtShowroomRecorded",
      values: { invoice: "A 12", showroom: "دبي مول" },
    });
    expect(skipReasonText("This mobile number already belongs to Aisha Rahman.", en)).toEqual({
      key: "import:reasons.mobileTaken",
      values: { name: "Aisha Rahman" },
    });
    // The stored reasons are english(duplicateMobileMessage(...)): the name comes back as written.
    for (const name of ["Dr. Omar K. Haddad", "Haddad, Omar", "مريم الشامسي"])
      for (const deletedAt of [null, new Date()])
        expect(skipReasonText(english(duplicateMobileMessage({ fullName: name, deletedAt })), en)).toEqual({
          key: deletedAt ? "import:reasons.mobileDeleted" : "import:reasons.mobileTaken",
          values: { name },
        });
    expect(skipReasonText("Who knows", en)).toBeNull();
    expect(rowErrorParts("Row 7: Mobile Number: not a UAE mobile")).toEqual({
      row: "7",
      detail: "Mobile Number: not a UAE mobile",
    });
  });
});
