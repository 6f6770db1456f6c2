import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import type { ImportResult } from "~/domain/import-report";
import * as exportPossibleDuplicates from "~/routes/api.import.export-possible-duplicates";
import * as importClients from "~/routes/api.import.clients";
import * as progress from "~/routes/api.import.progress";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { spreadsheet, uploadRequest, type SheetRow } from "../support/import-files";

/** Decision 048: an import skips or updates the clients already in the book (same mobile, else same Emirates ID). */

const HEADER = ["Full Name", "Mobile Number", "Team", "Email", "Emirates ID", "Area", "Date of Birth"];
const EID_B = "784-1990-1234567-1";

let cookie: string;

beforeAll(async () => {
  const { user } = await createUser({ role: "sales_back", name: "Omar Saeed" });
  cookie = await sessionCookieFor(user.id);
});

async function importRows(rows: SheetRow[], fields: Record<string, string> = {}) {
  const bytes = spreadsheet([HEADER, ...rows], "xlsx");
  const res = await outcome(
    await callRoute(importClients.action, uploadRequest("/api/import/clients", cookie, "clients.xlsx", bytes, fields)),
  );
  return { status: res.status, body: res.body as ImportResult & { runId: string | null } };
}

const clientOf = (mobile: string) => db.client.findUniqueOrThrow({ where: { mobileNumber: mobile } });

describe("importing clients already in the book", () => {
  beforeAll(async () => {
    const first = await importRows([
      ["Aisha Base", "050 111 1111", "Team A", "aisha@example.com", "", "Jumeirah", ""],
      ["Badr Base", "050 222 2222", "Team A", "", EID_B, "Deira", ""],
    ]);
    expect(first.body).toMatchObject({ success: true, imported: 2, updated: 0, possibleDuplicates: 0 });
  });

  it("skips them by default and when told to: same mobile, else same Emirates ID", async () => {
    const rows: SheetRow[] = [
      ["Aisha Changed", "050 111 1111", "Team A", "", "", "Marina", ""],
      ["Badr Other Phone", "050 222 9999", "Team A", "", "784199012345671", "Karama", ""],
    ];
    for (const fields of [{}, { existing: "skip" }] as Record<string, string>[]) {
      const { status, body } = await importRows(rows, fields);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, imported: 0, skipped: 2, updated: 0, possibleDuplicates: 0 });
      expect(body.skippedClients[1]!.reason).toBe("This Emirates ID already belongs to Badr Base.");
    }
    expect(await clientOf("971501111111")).toMatchObject({ fullName: "Aisha Base", area: "Jumeirah" });
    expect(await db.client.count({ where: { mobileNumber: "971502229999" } })).toBe(0);
  });

  it("updates them with the row's non-empty cells only, counting new, updated, skipped and possible duplicates", async () => {
    const { status, body } = await importRows(
      [
        // Same mobile: a new name and area; the blank email and Emirates ID keep what is stored.
        ["Aisha Updated", "050 111 1111", "Team A", "", "", "Marina", ""],
        // Another mobile, Badr's Emirates ID: Badr gets the area, keeps his mobile.
        ["Badr Base", "050 222 8888", "Team A", "badr@example.com", EID_B, "Karama", ""],
        // New, with Aisha's email: a possible duplicate, created all the same.
        ["Aisha Twin", "050 333 3333", "Team A", "AISHA@example.com", "", "", ""],
        ["Noor New", "050 444 4444", "Team A", "", "", "", ""],
      ],
      { existing: "update" },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, imported: 2, updated: 2, skipped: 0, possibleDuplicates: 1 });

    const aisha = await clientOf("971501111111");
    expect(aisha).toMatchObject({ fullName: "Aisha Updated", area: "Marina", email: "aisha@example.com" });
    expect(aisha.searchText).toContain("aisha updated");
    const badr = await clientOf("971502222222");
    expect(badr).toMatchObject({ area: "Karama", email: "badr@example.com", emiratesId: EID_B });
    expect(badr.dupEmailKey).toBe("badr@example.com");
    expect(await db.client.count({ where: { mobileNumber: "971502228888" } })).toBe(0);
    expect(await db.client.count({ where: { mobileNumber: { in: ["971503333333", "971504444444"] } } })).toBe(2);

    // Each update is in its client's audit trail, naming the fields and the import.
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "client.updated", targetId: String(aisha.id) },
    });
    expect(JSON.parse(audit.details!)).toMatchObject({ fields: ["fullName", "area"], importRunId: body.runId });
    // The new twin is paired with Aisha in the duplicates list.
    const twin = await clientOf("971503333333");
    expect(
      await db.clientDuplicatePair.count({
        where: { lowClientId: Math.min(aisha.id, twin.id), highClientId: Math.max(aisha.id, twin.id) },
      }),
    ).toBe(1);

    // The run keeps the counts: the progress endpoint shows them.
    const polled = await outcome(
      await callRoute(progress.loader, makeRequest(`/api/import/progress?id=${body.runId}`, { cookie })),
    );
    expect(polled.body).toMatchObject({ status: "succeeded", imported: 2, updated: 2, possibleDuplicates: 1 });

    // The possible duplicates download: the row, its reason naming the client it looks like.
    const download = await callRoute(
      exportPossibleDuplicates.loader,
      makeRequest(`/api/import/export-possible-duplicates?runId=${body.runId}`, { cookie }),
    );
    expect(download).toBeInstanceOf(Response);
    const res = download as Response;
    expect(res.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()));
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(sheet).toHaveLength(2);
    expect(sheet[1]!.slice(0, 2)).toEqual(["Aisha Twin", "971503333333"]);
    expect(sheet[1]![2]).toBe("Looks like Aisha Updated (971501111111): Same email");
  });

  it("says why a new client looks like one in the book in the reader's language, every reason", async () => {
    const dob = "1990-05-01";
    await importRows([["Layla First", "050 777 1111", "Team A", "layla@example.com", "", "", dob]]);
    const { body } = await importRows([["Layla First", "050 777 2222", "Team A", "layla@example.com", "", "", dob]], {
      existing: "update",
    });
    expect(body).toMatchObject({ imported: 1, possibleDuplicates: 1 });
    const reason = async (headers: Record<string, string>) => {
      const res = (await callRoute(
        exportPossibleDuplicates.loader,
        makeRequest(`/api/import/export-possible-duplicates?runId=${body.runId}`, { cookie, headers }),
      )) as Response;
      const book = XLSX.read(new Uint8Array(await res.arrayBuffer()));
      return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[1]![2];
    };
    expect(await reason({})).toBe("Looks like Layla First (971507771111): Same email, Same name and birth date");
    expect(await reason({ "Accept-Language": "ar-AE,ar;q=0.9" })).toBe(
      "يشبه Layla First (971507771111): البريد الإلكتروني نفسه، الاسم وتاريخ الميلاد نفسهما",
    );
  });

  it("neutralises formulas in the possible duplicates download", async () => {
    const { body } = await importRows(
      [['=HYPERLINK("http://x")', "050 555 5555", "Team A", "aisha@example.com", "", "", ""]],
      { existing: "update" },
    );
    expect(body).toMatchObject({ imported: 1, possibleDuplicates: 1 });
    const res = (await callRoute(
      exportPossibleDuplicates.loader,
      makeRequest(`/api/import/export-possible-duplicates?runId=${body.runId}`, { cookie }),
    )) as Response;
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()));
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(String(sheet[1]![0]).startsWith("=")).toBe(false);
  });

  it("refuses an unknown choice naming the field, and a download without a run of yours", async () => {
    const { status, body } = await importRows([["Zed", "050 666 6666", "Team A", "", "", "", ""]], {
      existing: "overwrite",
    });
    expect(status).toBe(400);
    expect(body.message).toContain("existing");
    expect(await db.client.count({ where: { mobileNumber: "971506666666" } })).toBe(0);

    const missing = await outcome(
      await callRoute(
        exportPossibleDuplicates.loader,
        makeRequest("/api/import/export-possible-duplicates", { cookie }),
      ),
    );
    expect(missing.status).toBe(400);
    const { user } = await createUser();
    const { body: mine } = await importRows([["Yara", "050 777 7777", "Team A", "aisha@example.com", "", "", ""]]);
    const foreign = await outcome(
      await callRoute(
        exportPossibleDuplicates.loader,
        makeRequest(`/api/import/export-possible-duplicates?runId=${mine.runId}`, {
          cookie: await sessionCookieFor(user.id),
        }),
      ),
    );
    expect(foreign.status).toBe(404);
  });
});
