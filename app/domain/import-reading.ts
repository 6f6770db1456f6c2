import type { HeaderMapping } from "./import-columns";
import { readPurchaseRow, type PurchaseRow } from "./import-purchases";
import { isBlankRow, validateImportRow, type ImportRowResult, type RowReadOptions } from "./import-rows";
import type { ShopChoice } from "./shop-lists";
import type { CellValue } from "./spreadsheet-values";

/**
 * How an import reads a file's data rows once its header is matched: a client file's rows through
 * the New Client rules, a purchase history's as items with their client. Each row is read on its
 * own, so the parse worker reads them while the import writes the rows before
 * (docs/decisions/036-rows-read-in-the-parse-worker.md).
 */
export type RowReading<Kind extends ReadKind = ReadKind> = {
  kind: Kind;
  mapping: HeaderMapping;
  /** The shop's teams (readShopLists), which a row's Team cell names; the worker reads no database. */
  teams: readonly ShopChoice[];
};

type ReadAs = { clients: ImportRowResult; purchases: PurchaseRow };
export type ReadKind = keyof ReadAs;

/** A data row as read; `read` is null for a blank row, which is neither a client nor an error. */
export type ReadRow<Kind extends ReadKind = ReadKind> = { rowNumber: number; read: ReadAs[Kind] | null };

export function readImportRow<Kind extends ReadKind>(
  reading: RowReading<Kind>,
  rowNumber: number,
  cells: readonly CellValue[],
  options: RowReadOptions,
): ReadRow<Kind> {
  if (isBlankRow(cells)) return { rowNumber, read: null };
  options = { ...options, teams: reading.teams };
  const read =
    reading.kind === "clients"
      ? validateImportRow(rowNumber, cells, reading.mapping, options)
      : readPurchaseRow(rowNumber, cells, reading.mapping, options);
  return { rowNumber, read: read as ReadAs[Kind] };
}
