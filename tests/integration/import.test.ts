import * as XLSX from "@e965/xlsx";
import { crc32, deflateRawSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { CLIENT_TEMPLATE_FIELDS, importColumn, matchHeaders } from "~/domain/import-columns";
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from "~/domain/spreadsheet-file";
import * as exportSkipped from "~/routes/api.import.export-skipped";
import * as importClients from "~/routes/api.import.clients";
import * as lastTimes from "~/routes/api.import.last-times";
import * as progress from "~/routes/api.import.progress";
import * as template from "~/routes/api.import.template";
import * as zohoClients from "~/routes/api.import.zoho-customers";
import * as zohoTemplate from "~/routes/api.import.zoho-template";
import * as page from "~/routes/_app.import-data";
import { importParseLimits, readSpreadsheetInWorker } from "~/services/import-parse.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { importFile, spreadsheet, uploadRequest, type SheetRow } from "../support/import-files";
import { CLIENT_FILE_HEADER } from "../support/import-header";

/**
 * A valid .xlsx whose one sheet holds `rows` rows of `columns` number cells under a name and mobile
 * header: well under the upload and unpacked-size caps, yet millions of cells for a parser to build.
 */
function xlsxOfManyCells(rows: number, columns: number): Buffer {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${s}`);
  const rel = (type: string, target: string) =>
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`;
  const header = `<row><c t="inlineStr"><is><t>Full Name</t></is></c><c t="inlineStr"><is><t>Mobile Number</t></is></c></row>`;
  const row = `<row>${"<c><v>1</v></c>".repeat(columns)}</row>`;
  return zipOf([
    {
      name: "[Content_Types].xml",
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    { name: "_rels/.rels", data: xml(rel("officeDocument", "xl/workbook.xml")) },
    {
      name: "xl/workbook.xml",
      data: xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Clients" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    { name: "xl/_rels/workbook.xml.rels", data: xml(rel("worksheet", "worksheets/sheet1.xml")) },
    {
      name: "xl/worksheets/sheet1.xml",
      data: xml(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}${row.repeat(rows)}</sheetData></worksheet>`,
      ),
    },
  ]);
}

type Row = SheetRow;

let cookie: string;
let userId: string;
let mobileSeq = 0;
/** Unique mobiles per test, in local form (05x xxx xxxx) as staff type them. */
const nextMobile = () => `05${String(10_000_000 + ++mobileSeq * 7).slice(-8)}`;
const stored = (local: string) => `971${local.slice(1)}`;
const TOO_BIG_TO_READ = "The file is too large to read. Split it into smaller files and import them one by one.";
const TOO_SLOW_TO_READ = "The file took too long to read. Split it into smaller files and import them one by one.";

beforeAll(async () => {
  const { user } = await createUser({ role: "sales_back", name: "Omar Saeed" });
  userId = user.id;
  cookie = await sessionCookieFor(user.id);
});

async function existingClient(mobileLocal: string, fullName = "Already Here") {
  return db.client.create({
    data: { fullName, mobileNumber: stored(mobileLocal), searchText: fullName.toLowerCase(), team: "team_a" },
  });
}

describe.each(["xlsx", "xls", "csv"] as const)("importing a .%s file", (type) => {
  it("imports valid rows with their opening sale, skips duplicates and reports invalid rows by row number", async () => {
    const [a, b, c, dupDb, dupFile] = [nextMobile(), nextMobile(), nextMobile(), nextMobile(), nextMobile()];
    await existingClient(dupDb, "Existing Client");
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      [
        `Aisha ${type}`,
        a,
        "United Arab Emirates",
        "Abu Dhabi",
        "Team A",
        "AED 125,000.50",
        "15/01/2025",
        "15/03/1990",
        "aisha@example.com",
      ],
      [`Bilal ${type}`, b, "UAE", "Sharjah", "team_b", "", "", "1988-07-01", ""],
      [`Chen ${type}`, c, "Saudi Arabia", "", "Team C", "2500", "2024-12-31", "", ""],
      [`Dana ${type}`, dupDb, "", "", "Team A", "", "", "", ""],
      [`Eli ${type}`, dupFile, "", "", "Team B", "", "", "", ""],
      [`Eli again ${type}`, dupFile.replace(/^0/, "+971 "), "", "", "Team B", "", "", "", ""],
      ["", "", "", "", "", "", "", "", ""],
      [`Fay ${type}`, "12345", "", "", "Team A", "", "", "", ""],
      ["", nextMobile(), "", "", "", "", "", "31/02/1990", ""],
    ];
    const { status, body } = await importFile(cookie, `clients.${type}`, spreadsheet(rows, type));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, imported: 4, skipped: 2, importedSales: 0, importedItems: 0 });
    expect(body.skippedClients).toEqual([
      { name: `Dana ${type}`, mobile: stored(dupDb), reason: "This mobile number already belongs to Existing Client." },
      { name: `Eli again ${type}`, mobile: stored(dupFile), reason: "Repeats row 6 of this file" },
    ]);
    expect(body.errors).toEqual([
      'Row 9: Mobile Number "12345": Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)',
      'Row 10: Date of Birth "31/02/1990" is not a date (use dd/mm/yyyy); Name is required; Team is required',
    ]);
    expect(body.message).toBe(
      "Imported 4 new clients. 2 rows skipped (already in the system or repeated in the file). 2 rows have errors and were not imported.",
    );

    const aisha = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(a) }, include: { sales: true } });
    expect(aisha).toMatchObject({
      fullName: `Aisha ${type}`,
      emirate: "abu_dhabi",
      team: "team_a",
      totalSalesFils: 12_500_050n,
      tier: "gold",
      source: "client_import",
      createdById: userId,
    });
    expect(aisha.dateOfBirth?.toISOString()).toBe("1990-03-15T00:00:00.000Z");
    expect(aisha.birthMonthDay).toBe(315);
    expect(aisha.sales.map((s) => [s.amountFils, s.saleDate.toISOString()])).toEqual([
      [12_500_050n, "2025-01-15T00:00:00.000Z"],
    ]);
    const chen = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(c) }, include: { sales: true } });
    expect(chen).toMatchObject({ country: "saudi_arabia", emirate: "none", totalSalesFils: 250_000n });
    expect(chen.sales).toHaveLength(1);
    const bilal = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(b) }, include: { sales: true } });
    expect(bilal.sales).toHaveLength(0);

    const run = await db.importRun.findUniqueOrThrow({ where: { id: body.runId! } });
    expect(run).toMatchObject({
      kind: "client",
      status: "succeeded",
      userId,
      totalRows: 9,
      processedRows: 9,
      imported: 4,
      skipped: 2,
      errorCount: 2,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "import.run", targetId: run.id } });
    expect(JSON.parse(audit.details!)).toMatchObject({
      kind: "client",
      fileName: `clients.${type}`,
      imported: 4,
      skipped: 2,
      errors: 2,
    });
    // Each imported client's creation is in their own audit trail, field names only.
    const created = await db.auditLog.findFirstOrThrow({
      where: { action: "client.created", targetType: "client", targetId: String(chen.id) },
    });
    expect(created).toMatchObject({ actorId: userId });
    expect(JSON.parse(created.details!)).toMatchObject({
      fields: expect.arrayContaining(["fullName", "mobileNumber"]),
      importRunId: run.id,
    });
    expect(created.details).not.toContain(chen.fullName);
    expect(await db.auditLog.count({ where: { action: "client.created", details: { contains: run.id } } })).toBe(4);
  });

  it("imports nothing new when the same file comes again", async () => {
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      [`Gita ${type}`, nextMobile(), "", "", "Team A", "900", "01/02/2025", "", ""],
      [`Hadi ${type}`, nextMobile(), "", "", "Team B", "", "", "", ""],
    ];
    const bytes = spreadsheet(rows, type);
    const first = await importFile(cookie, `again.${type}`, bytes);
    expect(first.body).toMatchObject({ success: true, imported: 2, skipped: 0 });
    const clientsBefore = await db.client.count();
    const salesBefore = await db.sale.count();
    const second = await importFile(cookie, `again.${type}`, bytes);
    expect(second.body).toMatchObject({ success: true, imported: 0, skipped: 2, errors: [] });
    expect(second.body.skippedClients.map((s) => s.reason)).toEqual([
      `This mobile number already belongs to Gita ${type}.`,
      `This mobile number already belongs to Hadi ${type}.`,
    ]);
    expect(await db.client.count()).toBe(clientsBefore);
    expect(await db.sale.count()).toBe(salesBefore);
  });
});

describe("a failure mid-way", () => {
  it("keeps whole committed batches with totals equal to their sales, and the same file again finishes the job", async () => {
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      ...Array.from(
        { length: 900 },
        (_, i) => [`Crash ${i}`, nextMobile(), "", "", "Team A", `${i + 1},000.50`, "01/03/2025"] as Row,
      ),
    ];
    const bytes = spreadsheet(rows, "csv");
    const realTransaction = db.$transaction.bind(db);
    let calls = 0;
    const spy = vi.spyOn(db, "$transaction").mockImplementation((...args: Parameters<typeof db.$transaction>) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error("disk unplugged"));
      return realTransaction(...args);
    });
    const failed = await importFile(cookie, "crash.csv", bytes);
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toContain("Imported 400 new clients.");
    const crashClients = { fullName: { startsWith: "Crash " } };
    expect(await db.client.count({ where: crashClients })).toBe(400);
    const totals = await db.client.aggregate({ where: crashClients, _sum: { totalSalesFils: true } });
    const sales = await db.sale.aggregate({
      where: { client: crashClients },
      _sum: { amountFils: true },
      _count: true,
    });
    expect(sales._count).toBe(400);
    expect(sales._sum.amountFils).toBe(totals._sum.totalSalesFils);
    expect(await db.importRun.findUniqueOrThrow({ where: { id: failed.body.runId! } })).toMatchObject({
      status: "failed",
      imported: 400,
    });

    const again = await importFile(cookie, "crash.csv", bytes);
    expect(again.body).toMatchObject({ success: true, imported: 500, skipped: 400 });
    expect(await db.client.count({ where: crashClients })).toBe(900);
    expect(await db.sale.count({ where: { client: crashClients } })).toBe(900);
  });
});

describe("refused uploads", () => {
  it("refuses a renamed text file and an unknown extension with the spec's message", async () => {
    const text = Buffer.from("Full Name,Mobile Number\nAisha,0501234567\n");
    for (const name of ["clients.xlsx", "clients.xls", "clients.txt"]) {
      const { status, body } = await importFile(cookie, name, text.subarray(0, name.endsWith(".txt") ? undefined : 5));
      expect(status).toBe(400);
      expect(body).toEqual({
        success: false,
        imported: 0,
        skipped: 0,
        skippedClients: [],
        errors: [],
        message: INVALID_FILE_TYPE_MESSAGE,
        importedSales: 0,
        importedItems: 0,
        updated: 0,
        possibleDuplicates: 0,
        runId: null,
      });
    }
    const renamed = await importFile(cookie, "clients.xlsx", text);
    expect(renamed.body.message).toBe(INVALID_FILE_TYPE_MESSAGE);
  });

  it("answers 413 for a file over 10 MB, read only up to the limit, and keeps working afterwards", async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, "a");
    const runsBefore = await db.importRun.count();
    const { status, body } = await importFile(cookie, "huge.csv", big);
    expect(status).toBe(413);
    expect(body.message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await db.importRun.count()).toBe(runsBefore);
    const after = await importFile(
      cookie,
      "small.csv",
      spreadsheet([CLIENT_FILE_HEADER, ["After Big", nextMobile(), "", "", "Team A"]], "csv"),
    );
    expect(after.body).toMatchObject({ success: true, imported: 1 });
  });

  it("refuses an .xlsx whose contents unpack past the cap (a zip bomb) before parsing it", async () => {
    // Claims 1000 bytes: the cap must not trust it.
    const bomb = zipOf([{ name: "[Content_Types].xml", data: Buffer.alloc(200 * 1024 * 1024), claimedSize: 1000 }]);
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    const { status, body } = await importFile(cookie, "bomb.xlsx", bomb);
    expect(status).toBe(400);
    expect(body.message).toMatch(/too large once unpacked/);
  });

  describe("parsing in a worker thread, with a memory cap and a time limit", () => {
    const defaults = { ...importParseLimits };
    afterEach(() => Object.assign(importParseLimits, defaults));
    const heavy = xlsxOfManyCells(200_000, 10);

    it("reads file after file, each with its own rows, whether the last was read to its end or not", async () => {
      // Rows of a name only: each is refused (no mobile, no team), and its refusal names it.
      const mapping = matchHeaders(["Full Name"]);
      const names = async (file: Buffer, type: "xlsx" | "csv", stopAfter = Infinity) => {
        const read = await readSpreadsheetInWorker(file, type);
        if (!read.ok) throw new Error(read.message.code);
        const seen: (string | null)[] = [];
        for await (const { read: row } of read.sheet.rows({ kind: "clients", mapping, teams: [] })) {
          seen.push(row?.ok === false ? row.name : null);
          if (seen.length >= stopAfter) break;
        }
        return seen;
      };
      const file = (prefix: string, count: number, type: "xlsx" | "csv") =>
        spreadsheet([["Full Name"], ...Array.from({ length: count }, (_, i) => [`${prefix} ${i + 1}`])], type);
      // More chunks than the import asks ahead for, then fewer, then one stopped early.
      expect(await names(file("Long", 4_500, "csv"), "csv")).toHaveLength(4_500);
      expect(await names(file("Short", 3, "xlsx"), "xlsx")).toEqual(["Short 1", "Short 2", "Short 3"]);
      expect(await names(file("Cut", 2_500, "csv"), "csv", 10)).toHaveLength(10);
      expect(await names(file("Next", 2, "csv"), "csv")).toEqual(["Next 1", "Next 2"]);
      const unreadable = await readSpreadsheetInWorker(Buffer.from("PK\u0003\u0004 not a workbook"), "xlsx");
      expect(unreadable.ok).toBe(false);
      expect(await names(file("After", 1, "xlsx"), "xlsx")).toEqual(["After 1"]);
    });

    it("reads a small workbook of the same shape: the crafted file is valid, only big", async () => {
      const { status, body } = await importFile(cookie, "shape.xlsx", xlsxOfManyCells(3, 10));
      expect(status).toBe(200);
      expect(body.errors).toHaveLength(3);
      expect(body.errors[0]).toMatch(/^Row 2: /);
    });

    it("refuses a workbook whose cells overflow the parser's memory with 413, and imports the next file", async () => {
      expect(heavy.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
      importParseLimits.memoryMb = 64;
      const { status, body } = await importFile(cookie, "heavy.xlsx", heavy);
      expect(status).toBe(413);
      expect(body).toMatchObject({ success: false, message: TOO_BIG_TO_READ });

      const next = await importFile(
        cookie,
        "next.csv",
        spreadsheet([CLIENT_FILE_HEADER, ["Lina After", nextMobile(), "", "", "Team A"]], "csv"),
      );
      expect(next.body).toMatchObject({ success: true, imported: 1 });
    });

    it("refuses a workbook that takes too long to parse with 413, answering other requests meanwhile", async () => {
      importParseLimits.timeoutMs = 1000;
      let lastTick = performance.now();
      let longestStall = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestStall = Math.max(longestStall, now - lastTick);
        lastTick = now;
      }, 10);
      let importDone = false;
      const slow = importFile(cookie, "slow.xlsx", heavy).finally(() => (importDone = true));
      // Another user's request while the file is parsed: answered before the import gives up.
      await new Promise((done) => setTimeout(done, 300));
      const other = await outcome(await callRoute(lastTimes.loader, makeRequest("/api/import/last-times", { cookie })));
      expect(other.status).toBe(200);
      expect(importDone).toBe(false);
      const { status, body } = await slow;
      clearInterval(ticker);
      expect(status).toBe(413);
      expect(body).toMatchObject({ success: false, message: TOO_SLOW_TO_READ });
      // Parsing on the request thread would have stalled it for the whole second.
      expect(longestStall).toBeLessThan(400);
    });
  });

  it("refuses a file without a name or mobile column, naming the missing headers", async () => {
    const { status, body } = await importFile(cookie, "wrong.csv", Buffer.from("Email,Team\na@example.com,team_a\n"));
    expect(status).toBe(400);
    expect(body.message).toBe("Missing required columns: Full Name, Mobile Number. Use the headers of the template.");
  });

  it("lets one import of a kind run at a time, and takes over from a run that stopped responding", async () => {
    const blocker = await db.importRun.create({
      data: { kind: "client", fileName: "other.xlsx", status: "running", userId },
    });
    const file = spreadsheet([CLIENT_FILE_HEADER, ["Ines Busy", nextMobile(), "", "", "Team A"]], "csv");
    const busy = await importFile(cookie, "busy.csv", file);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/^An import has been running since /);
    // The other kind is not blocked.
    const zoho = await importFile(cookie, "zoho.csv", file, zohoClients, "/api/import/zoho-customers");
    expect(zoho.body).toMatchObject({ success: true, imported: 1 });

    await db.importRun.update({ where: { id: blocker.id }, data: { heartbeatAt: new Date(Date.now() - 10 * 60_000) } });
    const after = await importFile(
      cookie,
      "after.csv",
      spreadsheet([CLIENT_FILE_HEADER, ["Jude Later", nextMobile(), "", "", "Team A"]], "csv"),
    );
    expect(after.body).toMatchObject({ success: true, imported: 1 });
    expect(await db.importRun.findUniqueOrThrow({ where: { id: blocker.id } })).toMatchObject({ status: "failed" });
  });

  it("needs a signed-in user", async () => {
    const res = await outcome(
      await callRoute(importClients.action, uploadRequest("/api/import/clients", "", "a.csv", Buffer.from("x"))),
    );
    expect(res.status).toBe(401);
  });
});

describe("CSV dialects", () => {
  it("reads semicolon CSV from European Excel, quoted names with commas and line breaks, and a BOM", async () => {
    const [m1, m2] = [nextMobile(), nextMobile()];
    const csv = `\uFEFFsep=;\r\nName;Mobile;Team;Total Sales;Last Purchase\r\n"Al Mansoori, Aisha";${m1};Team A;"1.250,00";\r\n"Bilal\nBin Saeed";${m2};Team B;;\r\n`;
    const { body } = await importFile(cookie, "europe.csv", Buffer.from(csv, "utf8"));
    expect(body.imported).toBe(1);
    // "1.250,00" is not an amount this shop writes: the row is refused, not misread as 1.25.
    expect(body.errors).toEqual(['Row 2: Total Sales "1.250,00": Enter an amount in AED, e.g. 1250.50']);
    expect(await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(m2) } })).toMatchObject({
      fullName: "Bilal\nBin Saeed",
    });
  });
});

describe("Arabic names", () => {
  it("reads an Arabic name column and the preferred language, and the name is found by search", async () => {
    const m = nextMobile();
    const csv = `Full Name,Arabic Name,Mobile,Team,Language\r\nNoura Al Falasi,نورة الفلاسي,${m},Team A,Arabic\r\n`;
    const { body } = await importFile(cookie, "arabic.csv", Buffer.from(csv, "utf8"));
    expect(body.imported).toBe(1);
    const client = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(m) } });
    expect(client).toMatchObject({ fullNameAr: "نورة الفلاسي", preferredLanguage: "ar" });
    expect(client.searchText).toContain("نوره الفلاسي");
  });
});

describe("Zoho import", () => {
  it("reads a Zoho Forms export: Name, Phone with +971, dd-MMM-yyyy dates, ignored extra columns", async () => {
    const mobile = nextMobile();
    const rows: Row[] = [
      [
        "Added Time",
        "Name",
        "Phone",
        "Email",
        "Date of Birth",
        "Emirates ID",
        "Emirates ID Expiry Date",
        "Team",
        "Referrer Name",
      ],
      [
        "15-Jan-2025 10:32:11",
        "Karima Zoho",
        mobile.replace(/^0/, "+971 "),
        "KARIMA@EXAMPLE.COM",
        "15-Mar-1990",
        "784-1990-1234567-1",
        "31-Dec-2027",
        "Team B",
        "Someone",
      ],
    ];
    const { body } = await importFile(
      cookie,
      "zoho.xlsx",
      spreadsheet(rows, "xlsx"),
      zohoClients,
      "/api/import/zoho-customers",
    );
    expect(body).toMatchObject({ success: true, imported: 1, skipped: 0, errors: [] });
    const karima = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(mobile) } });
    expect(karima).toMatchObject({
      fullName: "Karima Zoho",
      email: "karima@example.com",
      emiratesId: "784-1990-1234567-1",
      team: "team_b",
      source: "zoho_import",
    });
    expect(karima.emiratesIdExpiry?.toISOString().slice(0, 10)).toBe("2027-12-31");
  });
});

describe("templates", () => {
  it("serves the client template named after the product, whose headers and example row import cleanly", async () => {
    const res = await callRoute(template.loader, makeRequest("/api/import/template", { cookie }));
    expect(res).toBeInstanceOf(Response);
    const response = res as Response;
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Jewel_CRM_Import_Template.xlsx"');
    const bytes = Buffer.from(await response.arrayBuffer());
    const sheet = XLSX.read(bytes).Sheets.Clients!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual([
      "Full Name",
      "Full Name (Arabic)",
      "Mobile Number",
      "Country",
      "Emirate",
      "Area",
      "Team",
      "Total Sales (AED)",
      "Last Purchase Date",
      "Date of Birth",
      "Email",
      "Preferred Language",
      "Emirates ID",
      "Emirates ID Expiry",
      "PEP Status",
      "Anniversary Type",
      "Anniversary Date",
      "Preferred Time",
      "Preferred Collection",
      "Meeting Comments",
      "Contact OK",
      "Category",
      "Ring Size",
      "Bangle Size",
      "Preferred Metals",
      "Preferred Stones",
      "Styles",
      "Budget",
    ]);
    // Left as it is, the example row is recognised and skipped rather than imported.
    const { body } = await importFile(cookie, "Jewel_CRM_Import_Template.xlsx", bytes);
    expect(body).toMatchObject({ success: true, imported: 0, skipped: 1, errors: [] });
    expect(body.skippedClients[0]!.reason).toBe("Example row from the template");
  });

  it("serves the Zoho template with Zoho's headers", async () => {
    const response = (await callRoute(
      zohoTemplate.loader,
      makeRequest("/api/import/zoho-template", { cookie }),
    )) as Response;
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="Zoho_Customer_Import_Template.xlsx"',
    );
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()));
    const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0];
    expect(header).toEqual(expect.arrayContaining(["Name", "Phone", "Email", "Date of Birth", "Emirates ID"]));
  });
});

describe("skipped-clients export", () => {
  it("exports the user's last import's skipped rows, re-importable, with every formula-like cell neutralised", async () => {
    const { user } = await createUser({ name: "Exporter" });
    const exporter = await sessionCookieFor(user.id);
    const [m1, m2, m3] = [nextMobile(), nextMobile(), nextMobile()];
    await existingClient(m1, "Original One");
    await existingClient(m2, "Original Two");
    await existingClient(m3, "Original Three");
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      [
        '=HYPERLINK("http://evil.example","click")',
        m1,
        "",
        "",
        "Team A",
        "1,250.50",
        "01/02/2024",
        "15/03/1990",
        "a@b.com",
      ],
      ["@SUM(A1:A2)", m2, "", "", "Team A"],
      // A formula after a separator: a ";"-separated CSV saved from this sheet would split it.
      ["Amal;=cmd|' /C calc'!A0", m3, "", "", "Team A"],
    ];
    const { body } = await importFile(exporter, "evil.csv", spreadsheet(rows, "csv"));
    expect(body.skipped).toBe(3);

    const response = (await callRoute(
      exportSkipped.loader,
      makeRequest("/api/import/export-skipped", { cookie: exporter }),
    )) as Response;
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Skipped_Customers_Export.xlsx"');
    const bytes = Buffer.from(await response.arrayBuffer());
    const sheet = XLSX.read(bytes, { cellFormula: true }).Sheets["Skipped Customers"]!;
    const cells = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    // Name, Mobile Number and Reason first, then the other exported fields under the template's headers.
    expect(cells[0]).toEqual([
      "Name",
      "Mobile Number",
      "Reason",
      ...CLIENT_TEMPLATE_FIELDS.filter((f) => f !== "fullName" && f !== "mobileNumber").map(
        (f) => importColumn(f).header,
      ),
    ]);
    const header = cells[0]!;
    const row = (values: string[]) => Object.fromEntries(values.map((v, i) => [header[i] ?? "", v]));
    expect(row(cells[1]!)).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example","click")`,
      "Mobile Number": stored(m1),
      Reason: "This mobile number already belongs to Original One.",
      Country: "United Arab Emirates",
      Emirate: "Dubai",
      Team: "Full Selection (Luxury)",
      "Total Sales (AED)": "1250.50",
      "Last Purchase Date": "2024-02-01",
      "Date of Birth": "1990-03-15",
      Email: "a@b.com",
    });
    expect(row(cells[2]!)).toMatchObject({
      Name: "'@SUM(A1:A2)",
      "Mobile Number": stored(m2),
      Reason: "This mobile number already belongs to Original Two.",
    });
    expect(row(cells[3]!)).toMatchObject({
      Name: "Amal;'=cmd|' /C calc'!A0",
      "Mobile Number": stored(m3),
      Reason: "This mobile number already belongs to Original Three.",
    });
    expect(cells).toHaveLength(4);
    // The export imports as it is: the same rows are read cleanly (and skipped again as duplicates).
    const again = await importFile(exporter, "Skipped_Customers_Export.xlsx", bytes);
    expect(again.body).toMatchObject({ imported: 0, skipped: 3, errors: [] });
    expect(Object.values(sheet).some((cell) => typeof cell === "object" && cell !== null && "f" in cell)).toBe(false);
  });

  it("answers 404 when the last import skipped nobody", async () => {
    const { user } = await createUser();
    const fresh = await sessionCookieFor(user.id);
    const res = await outcome(
      await callRoute(exportSkipped.loader, makeRequest("/api/import/export-skipped", { cookie: fresh })),
    );
    expect(res.status).toBe(404);
  });
});

describe("last import times and progress", () => {
  it("reports when each import last finished and who ran it", async () => {
    await importFile(
      cookie,
      "times.csv",
      spreadsheet([CLIENT_FILE_HEADER, ["Lena Times", nextMobile(), "", "", "Team A"]], "csv"),
    );
    const res = await outcome(await callRoute(lastTimes.loader, makeRequest("/api/import/last-times", { cookie })));
    const body = res.body as {
      lastClientImport: { timestamp: string; userName: string; fileName: string };
      lastZohoImport: { timestamp: string | null };
    };
    expect(body.lastClientImport).toMatchObject({ userName: "Omar Saeed", fileName: "times.csv" });
    expect(Date.now() - Date.parse(body.lastClientImport.timestamp)).toBeLessThan(60_000);
    expect(body.lastZohoImport).toHaveProperty("timestamp");
  });

  it("records progress on the run under the page's progress id, visible only to its owner", async () => {
    const progressId = "p".repeat(8) + Date.now().toString(36).padStart(16, "0");
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      ...Array.from({ length: 450 }, (_, i) => [`Bulk ${i}`, nextMobile(), "", "", "Team C"] as Row),
    ];
    const res = await outcome(
      await callRoute(
        importClients.action,
        uploadRequest("/api/import/clients", cookie, "bulk.xlsx", spreadsheet(rows, "xlsx"), { progressId }),
      ),
    );
    expect((res.body as { runId: string }).runId).toBe(progressId);
    const mine = await outcome(
      await callRoute(progress.loader, makeRequest(`/api/import/progress?id=${progressId}`, { cookie })),
    );
    expect(mine.body).toEqual({
      status: "succeeded",
      totalRows: 450,
      processedRows: 450,
      imported: 450,
      skipped: 0,
      errorCount: 0,
      updated: 0,
      possibleDuplicates: 0,
    });
    const { user } = await createUser();
    const other = await outcome(
      await callRoute(
        progress.loader,
        makeRequest(`/api/import/progress?id=${progressId}`, { cookie: await sessionCookieFor(user.id) }),
      ),
    );
    expect(other.status).toBe(404);
  });
});

describe("the page without JavaScript", () => {
  it("posts the multipart form and lands on the result page", async () => {
    const mobile = nextMobile();
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      ["Maya NoJS", mobile, "", "", "Team A"],
      ["Maya Twin", mobile, "", "", "Team A"],
      ["", "", "", "", "Team A", "x"],
    ];
    const res = await outcome(
      await callRoute(
        page.action,
        uploadRequest("/import-data?kind=client", cookie, "nojs.csv", spreadsheet(rows, "csv")),
      ),
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/import-data\?run=/);
    const view = await outcome(await callRoute(page.loader, makeRequest(location, { cookie })));
    expect(view.body).toMatchObject({
      report: {
        kind: "client",
        fileName: "nojs.csv",
        view: {
          success: true,
          imported: 1,
          skipped: { shown: [{ name: "Maya Twin", reason: "Repeats row 2 of this file" }], more: 0, total: 1 },
          errors: { total: 1 },
        },
      },
    });
  });

  it("shows a refused file in its section instead of a result", async () => {
    const res = await outcome(
      await callRoute(page.action, uploadRequest("/import-data?kind=zoho", cookie, "notes.txt", Buffer.from("hello"))),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ kind: "zoho", error: { message: INVALID_FILE_TYPE_MESSAGE, busy: null } });
  });

  it("lists the first 10 skipped and the first 5 errors, with how many more", async () => {
    const dup = nextMobile();
    await existingClient(dup);
    const rows: Row[] = [
      CLIENT_FILE_HEADER,
      ...Array.from({ length: 12 }, (_, i) => [`Dup ${i}`, dup, "", "", "Team A"] as Row),
      ...Array.from({ length: 7 }, (_, i) => [`Bad ${i}`, "123", "", "", "Team A"] as Row),
    ];
    const res = await outcome(
      await callRoute(
        page.action,
        uploadRequest("/import-data?kind=client", cookie, "many.csv", spreadsheet(rows, "csv")),
      ),
    );
    const view = await outcome(await callRoute(page.loader, makeRequest(res.headers.get("Location")!, { cookie })));
    const report = (
      view.body as {
        report: { view: { skipped: { shown: unknown[]; more: number }; errors: { shown: unknown[]; more: number } } };
      }
    ).report.view;
    expect([report.skipped.shown.length, report.skipped.more]).toEqual([10, 2]);
    expect([report.errors.shown.length, report.errors.more]).toEqual([5, 2]);
  });
});

/** A deflated zip (what a zip bomb is) of the given entries, claiming `claimedSize` bytes for each when given. */
function zipOf(entries: { name: string; data: Buffer; claimedSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    const size = e.claimedSize ?? e.data.length;
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(e.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
