import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { readToast } from "~/http/toast.server";
import * as template from "~/routes/api.import.template";
import * as aiAssistant from "~/routes/_app.ai-assistant";
import * as followUp from "~/routes/_app.follow-ups.$id";
import * as importPage from "~/routes/_app.import-data";
import * as reports from "~/routes/_app.reports";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { spreadsheet, uploadRequest } from "../support/import-files";
import { CLIENT_FILE_HEADER } from "../support/import-header";

// Reports, imports, the AI Assistant and the follow-up page in Arabic (docs/decisions/021-arabic-and-english.md): the texts the
// server makes follow the request's language, and an English request keeps today's English.

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
const ENGLISH = { "Accept-Language": "en-GB" };

type ReportPage = {
  ok: boolean;
  presets: { label: string }[];
  periodText: string;
  comparisons: { label: string }[];
  monthly: { title: string; table: { columns: string[] } };
  dimensions: { title: string; table: { rows: { cells: string[] }[] } }[];
  issues: { message: string }[];
};

let cookie: string;

beforeAll(async () => {
  const { user } = await createUser({ role: "admin", name: "Hessa Al Mansoori" });
  cookie = await sessionCookieFor(user.id);
});

async function toastOf(headers: Headers) {
  const toastCookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/", { cookie: toastCookie }))).toast;
}

describe("the sales report in Arabic", () => {
  it("titles, rows, periods and quick choices come in the request's language", async () => {
    const url = "/reports?from=2026-01-01&to=2026-03-31";
    const arabic = (await outcome(await callRoute(reports.loader, makeRequest(url, { cookie, headers: ARABIC }))))
      .body as ReportPage;
    expect(arabic.presets.map((p) => p.label)).toEqual(["آخر 12 شهرًا", "هذا الشهر", "هذه السنة", "السنة الماضية"]);
    expect(arabic.periodText).toBe("1 يناير 2026 – 31 مارس 2026");
    expect(arabic.monthly.title).toBe("المبيعات حسب الشهر");
    expect(arabic.monthly.table.columns[0]).toBe("الشهر");
    expect(arabic.comparisons[0]!.label).toBe("المبيعات");
    const tiers = arabic.dimensions.find((d) => d.title === "المبيعات حسب فئة العميل")!;
    expect(tiers.table.rows.map((r) => r.cells[0])).toEqual(["الماسي", "البلاتيني", "الذهبي", "الفضي", "البرونزي"]);

    const english = (await outcome(await callRoute(reports.loader, makeRequest(url, { cookie, headers: ENGLISH }))))
      .body as ReportPage;
    expect(english.presets[0]!.label).toBe("Last 12 months");
    expect(english.periodText).toBe("1 Jan 2026 – 31 Mar 2026");
    expect(english.monthly.title).toBe("Sales by month");
    expect(english.dimensions.map((d) => d.title)).toContain("Sales by client's tier");
  });

  it("says a wrong period's problem in Arabic", async () => {
    const url = "/reports?from=2026-03-01&to=2026-01-01";
    const res = await outcome(await callRoute(reports.loader, makeRequest(url, { cookie, headers: ARABIC })));
    expect(res.status).toBe(400);
    expect((res.body as ReportPage).issues[0]!.message).toBe("يجب أن يكون تاريخ البداية في تاريخ النهاية أو قبله");
  });
});

describe("imports in Arabic", () => {
  it("the no-JavaScript import's toast is in Arabic, and in English for an English request", async () => {
    const rows = [CLIENT_FILE_HEADER, ["Noura Test", "0501239876", "", "", "Team A"]];
    const post = (headers: Record<string, string>) => {
      const request = uploadRequest("/import-data?kind=client", cookie, "ar.csv", spreadsheet(rows, "csv"));
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return request;
    };
    const arabic = await outcome(await callRoute(importPage.action, post(ARABIC)));
    expect(arabic.status).toBe(302);
    expect(await toastOf(arabic.headers)).toMatchObject({
      title: "تم الاستيراد بنجاح",
      description: "تم استيراد عميل جديد واحد.",
    });
    // The same file again: the row is skipped, said in English to an English request.
    const english = await outcome(await callRoute(importPage.action, post(ENGLISH)));
    expect(await toastOf(english.headers)).toMatchObject({
      title: "Import Successful",
      description: "Imported 0 new clients. 1 row skipped (already in the system or repeated in the file).",
    });
  });

  it("the result page says the summary, skip reasons and row errors in Arabic, and a run stored in English as written", async () => {
    const mobile = "0501239877";
    const rows = [
      CLIENT_FILE_HEADER,
      ["Salma Twice", mobile, "", "", "Team A"],
      ["Salma Twice", mobile, "", "", "Team A"],
      ["No Team", "0501239878", "", "", ""],
    ];
    const request = uploadRequest("/import-data?kind=client", cookie, "ar-result.csv", spreadsheet(rows, "csv"));
    for (const [name, value] of Object.entries(ARABIC)) request.headers.set(name, value);
    const posted = await outcome(await callRoute(importPage.action, request));
    const location = posted.headers.get("Location")!;
    type View = { message: string; skipped: { shown: { reason: string }[] }; errors: { shown: string[] } };
    const viewOf = async (url: string, headers: Record<string, string>) =>
      (
        (await outcome(await callRoute(importPage.loader, makeRequest(url, { cookie, headers })))).body as {
          report: { view: View };
        }
      ).report.view;
    const arabic = await viewOf(location, ARABIC);
    expect(arabic.message).toBe(
      "تم استيراد عميل جديد واحد. تم تخطي صف واحد (موجودة مسبقًا في النظام أو مكررة في الملف). صف واحد فيه أخطاء ولم يُستورد.",
    );
    expect(arabic.skipped.shown.map((s) => s.reason)).toEqual(["يكرر الصف 2 من هذا الملف"]);
    // The client rules' messages are codes, so a row's error is said in the page's language too.
    expect(arabic.errors.shown).toEqual(["الصف 4: الفريق مطلوب"]);
    const english = await viewOf(location, ENGLISH);
    expect(english.skipped.shown.map((s) => s.reason)).toEqual(["Repeats row 2 of this file"]);
    expect(english.errors.shown).toEqual(["Row 4: Team is required"]);

    // A run written before the message codes kept English sentences: shown as written, in either language.
    const runId = new URL(location, "http://x").searchParams.get("run")!;
    await db.importRun.update({
      where: { id: runId },
      data: {
        message: "Imported 1 new client.",
        skippedJson: JSON.stringify([
          { name: "Salma Twice", mobile: "971501239877", reason: "Repeats row 2 of this file" },
        ]),
        errorsJson: JSON.stringify(["Row 4: Team is required"]),
      },
    });
    const legacy = await viewOf(location, ARABIC);
    expect(legacy).toMatchObject({
      message: "Imported 1 new client.",
      skipped: { shown: [{ reason: "Repeats row 2 of this file" }] },
      errors: { shown: ["Row 4: Team is required"] },
    });
  });

  it("serves the template's instructions in Arabic with the header row the import reads unchanged", async () => {
    const read = async (headers: Record<string, string>) => {
      const response = (await callRoute(
        template.loader,
        makeRequest("/api/import/template", { cookie, headers }),
      )) as Response;
      return XLSX.read(Buffer.from(await response.arrayBuffer()));
    };
    const [arabic, english] = [await read(ARABIC), await read(ENGLISH)];
    expect(arabic.SheetNames).toEqual(["Clients", "التعليمات"]);
    expect(english.SheetNames).toEqual(["Clients", "Instructions"]);
    const rows = (book: XLSX.WorkBook, name: string) =>
      XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1 });
    expect(rows(arabic, "Clients")).toEqual(rows(english, "Clients"));
    expect(rows(arabic, "التعليمات")[0]).toEqual(["طريقة تعبئة هذا النموذج"]);
    expect(rows(english, "Instructions")[0]).toEqual(["How to fill in this template"]);
    expect(rows(english, "Instructions")[6]).toEqual(["Files: .xlsx, .xls or .csv, up to 10 MB."]);
  });
});

describe("the follow-up page in Arabic", () => {
  it("refuses a change without a status in Arabic, and in English for an English request", async () => {
    const post = (headers: Record<string, string>) =>
      makeRequest("/follow-ups/none", { cookie, headers, form: { redirectTo: "/dashboard" } });
    const arabic = await outcome(await callRoute(followUp.action, post(ARABIC), { id: "none" }));
    expect(await toastOf(arabic.headers)).toMatchObject({
      title: "لم تتغير المتابعة",
      description: "اختر «تمت» أو «أُلغيت»",
    });
    const english = await outcome(await callRoute(followUp.action, post(ENGLISH), { id: "none" }));
    expect(await toastOf(english.headers)).toMatchObject({
      title: "Follow-up not changed",
      description: "Choose done or cancelled",
    });
  });

  it("says the service's refusal in Arabic", async () => {
    const post = makeRequest("/follow-ups/none", { cookie, headers: ARABIC, form: { status: "done" } });
    const res = await outcome(await callRoute(followUp.action, post, { id: "none" }));
    expect(await toastOf(res.headers)).toMatchObject({ description: "المتابعة غير موجودة" });
  });
});

describe("the AI Assistant in Arabic", () => {
  it("clears the list and refuses a missing location in the request's language", async () => {
    const clear = (headers: Record<string, string>) =>
      makeRequest("/ai-assistant", { cookie, headers, form: { intent: "clear" } });
    const arabic = await outcome(await callRoute(aiAssistant.action, clear(ARABIC)));
    expect(await toastOf(arabic.headers)).toMatchObject({ title: "مُسحت القائمة" });
    const english = await outcome(await callRoute(aiAssistant.action, clear(ENGLISH)));
    expect(await toastOf(english.headers)).toMatchObject({ title: "Leads cleared" });
  });
});
