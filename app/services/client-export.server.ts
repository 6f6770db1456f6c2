import { businessToday, type IsoDate } from "~/domain/calendar";
import {
  CLIENT_EXPORT_CSV_START,
  CLIENT_EXPORT_HEADERS,
  clientExportCells,
  clientExportFileName,
  csvLine,
  EXPORT_CONTENT_TYPES,
  type ExportFormat,
} from "~/domain/client-export";
import { clientListSearch, DEFAULT_PAGE_SIZE, type ClientListQuery } from "~/domain/client-filters";
import type { SheetCell } from "~/domain/xlsx-xml";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { clientBookBatches } from "./client-queries.server";
import type { Viewer } from "./client-record.server";
import { xlsxChunks } from "./xlsx-stream.server";
import { readShopLists } from "./shop-lists.server";

/**
 * Export the client book as the user filtered and sorted it (docs/decisions/017): read by keyset
 * in batches, masked for the viewer as the list is, written as it is read (CSV lines or the
 * .xlsx's zip), and one audit entry with the filters and the number of rows once it ends.
 */

export type ClientBookDownload = { fileName: string; contentType: string; body: ReadableStream<Uint8Array> };

/**
 * What the audit entry says about the list: the filters and sort as the URL has them, without the
 * search text, which may be a client's name, mobile or Emirates ID and would outlive their erasure.
 */
export function exportedListDetails(query: ClientListQuery): Record<string, string | boolean> {
  const params = new URLSearchParams(clientListSearch({ ...query, search: "", page: 1, limit: DEFAULT_PAGE_SIZE }));
  return { ...Object.fromEntries(params), searched: query.search !== "" };
}

/** The file's bytes as a web stream: one chunk per pull, so a slow reader holds the reading back. */
function webStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

async function* csvChunks(batches: AsyncIterable<SheetCell[][]>): AsyncGenerator<Buffer> {
  yield Buffer.from(CLIENT_EXPORT_CSV_START);
  for await (const batch of batches) yield Buffer.from(batch.map((cells) => csvLine(cells)).join(""));
}

export function exportClientBook(
  query: ClientListQuery,
  format: ExportFormat,
  actor: Viewer & { name: string },
  options: { ip?: string | null; today?: IsoDate } = {},
): ClientBookDownload {
  const today = options.today ?? businessToday();
  let rows = 0;
  let finished = false;
  async function* cells(): AsyncGenerator<SheetCell[][]> {
    try {
      const { teams } = await readShopLists();
      for await (const batch of clientBookBatches(query, actor, { today })) {
        rows += batch.length;
        yield batch.map((client) => clientExportCells(client, teams));
      }
      finished = true;
    } finally {
      // Written when the file ends, so the count is what was sent; a download stopped halfway says so.
      await writeAudit({
        actor,
        action: AUDIT_ACTIONS.clientsExported,
        details: { format, ...exportedListDetails(query), rows, ...(finished ? {} : { completed: false }) },
        ip: options.ip,
      });
    }
  }
  const chunks = format === "xlsx" ? xlsxChunks("Clients", CLIENT_EXPORT_HEADERS, cells()) : csvChunks(cells());
  return {
    fileName: clientExportFileName(today, format),
    contentType: EXPORT_CONTENT_TYPES[format],
    body: webStream(chunks),
  };
}
