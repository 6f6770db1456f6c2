import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { DEFAULT_RETENTION, retentionCutoffs, retentionFormSchema } from "./retention";

const NOW = new Date("2026-11-25T06:30:00.000Z");

describe("which data is due, on a fixed clock", () => {
  it("erases a client deleted exactly N days ago, not one deleted a moment later", () => {
    const { deletedBy } = retentionCutoffs(NOW, DEFAULT_RETENTION);
    expect(deletedBy.toISOString()).toBe("2026-08-27T06:30:00.000Z");
    const due = (deletedAt: Date) => deletedAt.getTime() <= deletedBy.getTime();
    expect(due(new Date("2026-08-27T06:30:00.000Z"))).toBe(true);
    expect(due(new Date("2026-08-27T06:30:00.001Z"))).toBe(false);
    expect(due(new Date("2025-01-01T00:00:00.000Z"))).toBe(true);
  });

  it("prunes audit entries older than M calendar months, to the moment", () => {
    expect(retentionCutoffs(NOW, DEFAULT_RETENTION).auditBefore.toISOString()).toBe("2024-11-25T06:30:00.000Z");
    // The 31st falls back to the shorter month's last day; a leap day to 28 February.
    const endOfMonth = new Date("2026-03-31T12:00:00.000Z");
    expect(retentionCutoffs(endOfMonth, { ...DEFAULT_RETENTION, auditMonths: 13 }).auditBefore.toISOString()).toBe(
      "2025-02-28T12:00:00.000Z",
    );
    const leapDay = new Date("2028-02-29T00:00:00.000Z");
    expect(retentionCutoffs(leapDay, DEFAULT_RETENTION).auditBefore.toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });

  it("clears contact notes only when a period is set", () => {
    expect(retentionCutoffs(NOW, DEFAULT_RETENTION).contactNotesBefore).toBeNull();
    expect(
      retentionCutoffs(NOW, { ...DEFAULT_RETENTION, contactNoteMonths: 12 }).contactNotesBefore?.toISOString(),
    ).toBe("2025-11-25T06:30:00.000Z");
  });
});

describe("the Data Retention form", () => {
  const parse = (form: Record<string, string>) => retentionFormSchema(fixedT("en")).safeParse(form);

  it("reads the periods; contact notes count only when ticked", () => {
    expect(parse({ erasedAfterDays: "90", auditMonths: "24", contactNoteMonths: "12" }).data).toEqual(
      DEFAULT_RETENTION,
    );
    expect(
      parse({ erasedAfterDays: "30", auditMonths: "36", clearContactNotes: "on", contactNoteMonths: "18" }).data,
    ).toEqual({ erasedAfterDays: 30, auditMonths: 36, contactNoteMonths: 18 });
  });

  it("refuses periods out of bounds or not whole, naming the field", () => {
    const issue = (form: Record<string, string>) => {
      const result = parse(form);
      return result.success
        ? null
        : { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };
    };
    expect(issue({ erasedAfterDays: "1", auditMonths: "24" })).toEqual({
      path: "erasedAfterDays",
      message: "Deleted clients: at least 7 days",
    });
    expect(issue({ erasedAfterDays: "90", auditMonths: "2.5" })?.path).toBe("auditMonths");
    expect(issue({ erasedAfterDays: "abc", auditMonths: "24" })?.path).toBe("erasedAfterDays");
    expect(issue({ erasedAfterDays: "90", auditMonths: "24", clearContactNotes: "on", contactNoteMonths: "" })).toEqual(
      { path: "contactNoteMonths", message: "Contact notes: at least 1 month" },
    );
    // In Arabic, with the plural the bound takes.
    const arabic = retentionFormSchema(fixedT("ar")).safeParse({ erasedAfterDays: "1", auditMonths: "24" });
    expect(arabic.error?.issues[0]?.message).toBe("العملاء المحذوفون: 7 أيام على الأقل");
  });
});
