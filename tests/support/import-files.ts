import * as XLSX from "@e965/xlsx";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { ImportResult } from "~/domain/import-report";
import * as importClients from "~/routes/api.import.clients";
import { callRoute, ORIGIN, outcome } from "./factories";

/** Import files as integration tests build and upload them. */

export type SheetRow = (string | number | undefined)[];

/** A workbook of the given rows in each of the three accepted formats, built the way Excel would save it. */
export function spreadsheet(rows: SheetRow[], bookType: "xlsx" | "xls" | "csv"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Clients");
  if (bookType === "csv") return Buffer.from(XLSX.utils.sheet_to_csv(book.Sheets.Clients!), "utf8");
  return XLSX.write(book, { type: "buffer", bookType: bookType === "xls" ? "biff8" : "xlsx" }) as Buffer;
}

/** The multipart post of the import form and routes (field `file`). */
export function uploadRequest(
  path: string,
  cookie: string,
  fileName: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new File([new Uint8Array(bytes)], fileName));
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: ORIGIN } });
}

/** POSTs a file to an import route (the client import unless told) and answers its status and JSON. */
export async function importFile(
  cookie: string,
  fileName: string,
  bytes: Uint8Array,
  route: { action: (args: ActionFunctionArgs) => unknown } = importClients,
  path = "/api/import/clients",
) {
  const res = await outcome(await callRoute(route.action, uploadRequest(path, cookie, fileName, bytes)));
  return { status: res.status, body: res.body as ImportResult & { runId: string | null } };
}
