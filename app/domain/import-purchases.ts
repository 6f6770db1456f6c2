import { normaliseArabic } from "./arabic";
import type { IsoDate } from "./calendar";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, readPaymentMethod, type PaymentMethod } from "./cash-rule";
import type { NewClientInput } from "./client-input";
import { normalizeHeader, type HeaderMapping, type SaleImportField } from "./import-columns";
import {
  checkClientRow,
  dateCell,
  enumerated,
  headerOf,
  lookup,
  refusedCell,
  rowError,
  shorten,
  type ClientRowCheck,
  type RowProblem,
  type RowReadOptions,
} from "./import-rows";
import { filsToDecimalString, type Fils } from "./money";
import { MESSAGE_CODES } from "./message-codes";
import { issueMessage } from "./issue-message";
import { message, type Message } from "./messages";
import { findChoice, foldName, nameOfKey, type ShopChoice } from "./shop-lists";
import {
  KARAT_LABELS,
  KARATS,
  MAX_SALE_ITEMS,
  METAL_LABELS,
  METALS,
  mgToGrams,
  pointsToCarats,
  saleInputSchema,
  STONE_LABELS,
  STONES,
  type ITEM_FORM_FIELDS,
  type SaleItemInput,
  type SaleLists,
} from "./sales";
import { amountCellText, cellText, decimalCellText, type CellValue } from "./spreadsheet-values";

/**
 * A purchase-history file (docs/decisions/020-purchase-history-imports.md): each row is one item
 * bought by the row's client; consecutive rows of one client, showroom and invoice number are one
 * sale, and a row without an invoice number is a sale of its own. This module reads a row's sale
 * cells into the forms the sale rules take (saleInputSchema, the form's and the API's rules) and
 * groups rows into sales; the import service decides what the database already has.
 */

const NONE = ["N/A", "NA", "-"].map((name) => [name, "none"] as const);

/** The row one of whose names is several words for one kind ("Coin / bar"), one of which `text` is. */
function byNamePart<T extends ShopChoice>(rows: readonly T[], text: string): T | undefined {
  const folded = foldName(text);
  return rows.find((row) =>
    [row.name, row.nameAr].some(
      (name) => name?.includes("/") && name.split("/").some((part) => foldName(part) === folded),
    ),
  );
}

/**
 * The key of the list's row a cell names (its key, English or Arabic name, any case, spacing or
 * punctuation, a plural a POS writes, or one part of a name such as "Coin / bar"), or the text itself
 * for the sale rules to refuse naming the active rows.
 */
export function readChoiceCell(rows: readonly ShopChoice[], text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const spaced = text.replace(/[-_./\\]+/g, " ");
  const tries = [text, spaced, spaced.replace(/e?s$/i, ""), spaced.replace(/s$/i, ""), `${spaced}s`];
  const row =
    tries.map((tried) => findChoice(rows, tried)).find(Boolean) ??
    tries.map((tried) => byNamePart(rows, tried)).find(Boolean);
  return row?.key ?? text;
}

/** "Gold" alone is yellow gold, as a Gulf POS writes it. */
const METAL_NAMES = lookup([
  ...METALS.map((m) => [m, m] as const),
  ...METALS.map((m) => [METAL_LABELS[m], m] as const),
  ["Gold", "yellow_gold"],
  ["Yellow", "yellow_gold"],
  ["YG", "yellow_gold"],
  ["White", "white_gold"],
  ["WG", "white_gold"],
  ["Rose", "rose_gold"],
  ["Pink Gold", "rose_gold"],
  ["RG", "rose_gold"],
  ["PT", "platinum"],
  ["Sterling Silver", "silver"],
  ...NONE,
]);

/** 21, "21K", "21 KT", "21 karat", "21ct" (British), and the hallmark fineness (875 is 21K). */
const KARAT_NAMES = lookup([
  ...KARATS.flatMap((k): (readonly [string, string])[] =>
    k === "none" ? [[k, k]] : ["", "K", "KT", "Karat", "Carat", "CT"].map((suffix) => [`${k}${suffix}`, k]),
  ),
  ["750", "18"],
  ["875", "21"],
  ["916", "22"],
  ["999", "24"],
  ...NONE,
]);

const STONE_NAMES = lookup([
  ...STONES.map((s) => [s, s] as const),
  ...STONES.map((s) => [STONE_LABELS[s], s] as const),
  ["Diamonds", "diamond"],
  ["Rubies", "ruby"],
  ["Emeralds", "emerald"],
  ["Sapphires", "sapphire"],
  ["Pearls", "pearl"],
  ["No Stone", "none"],
  ["Plain", "none"],
  ...NONE,
]);

/** How POS exports and people write a payment method in English (case, spaces and punctuation ignored). */
const PAYMENT_METHOD_NAMES = lookup([
  ...PAYMENT_METHODS.map((m) => [PAYMENT_METHOD_LABELS[m], m] as const),
  ["Cash Payment", "cash"],
  ["Credit Card", "card"],
  ["Debit Card", "card"],
  ["Visa", "card"],
  ["Mastercard", "card"],
  ["Amex", "card"],
  ["Bank", "bank_transfer"],
  ["Transfer", "bank_transfer"],
  ["Wire Transfer", "bank_transfer"],
  ["Gold Exchange", "old_gold"],
  ["Old Gold Exchange", "old_gold"],
  ["Exchange", "old_gold"],
]);

/** The same in Arabic, in the search's folded form (normaliseArabic): "نقدًا" and "نقدا" are one. */
const ARABIC_PAYMENT_METHOD_NAMES = new Map<string, PaymentMethod>(
  (
    [
      ["نقدا", "cash"],
      ["نقد", "cash"],
      ["نقدي", "cash"],
      ["كاش", "cash"],
      ["بطاقه", "card"],
      ["بطاقه ائتمان", "card"],
      ["تحويل بنكي", "bank_transfer"],
      ["تحويل", "bank_transfer"],
      ["ذهب قديم", "old_gold"],
      ["استبدال ذهب", "old_gold"],
    ] as const
  ).map(([name, method]) => [normaliseArabic(name), method]),
);

/**
 * A Payment Method cell: its key ("bank_transfer", "Bank-Transfer"), an English name ("Visa") or an
 * Arabic one ("نقدًا"); null when the cell names none of them, for the row to be refused.
 */
export function readPaymentMethodCell(text: string): PaymentMethod | null {
  const english = PAYMENT_METHOD_NAMES.get(normalizeHeader(text));
  if (english) return english as PaymentMethod;
  const arabic = ARABIC_PAYMENT_METHOD_NAMES.get(normaliseArabic(text.trim().replace(/\s+/g, " ")));
  return arabic ?? readPaymentMethod(text);
}

const choosePaymentMethod = message(MESSAGE_CODES.importChoosePaymentMethod, {
  choices: { labels: PAYMENT_METHODS.map((method) => `cash:methods.${method}`) },
});

type ItemField = (typeof ITEM_FORM_FIELDS)[number];

/** The import column of each item field of the sale rules (the item's category is "itemCategory"). */
const ITEM_COLUMN: Record<ItemField, SaleImportField> = {
  category: "itemCategory",
  metal: "metal",
  karat: "karat",
  weightGrams: "weightGrams",
  stone: "stone",
  stoneCarats: "stoneCarats",
  itemCode: "itemCode",
  certificateNo: "certificateNo",
  price: "price",
};

/** A row's sale cells as the sale rules take them (codes for known names, text otherwise). */
export type PurchaseCells = {
  saleDate: IsoDate | undefined;
  invoiceNo: string | undefined;
  showroom: string | undefined;
  soldBy: string | undefined;
  /** The Payment Method cell as written, and the method it names (null when none). */
  payment: { text: string; method: PaymentMethod | null } | undefined;
  item: Record<ItemField, string | undefined>;
  /** Cells that could not be read at all (an unreadable date), in spreadsheet terms. */
  problems: Message[];
};

export function readPurchaseCells(
  cells: readonly CellValue[],
  mapping: HeaderMapping,
  options: RowReadOptions = {},
): PurchaseCells {
  const cell = (field: SaleImportField): CellValue => {
    const index = mapping.columns[field];
    return index === undefined ? undefined : cells[index];
  };
  const problems: Message[] = [];
  const date = dateCell("saleDate", cell("saleDate"), mapping, options);
  if (!date.ok) problems.push(date.problem);
  const paymentText = cellText(cell("paymentMethod"));
  return {
    saleDate: date.ok ? date.iso : undefined,
    invoiceNo: cellText(cell("invoiceNo")),
    showroom: cellText(cell("showroom")),
    soldBy: cellText(cell("soldBy")),
    payment: paymentText === undefined ? undefined : { text: paymentText, method: readPaymentMethodCell(paymentText) },
    item: {
      category: cellText(cell("itemCategory")),
      metal: enumerated(METAL_NAMES, cell("metal")),
      karat: enumerated(KARAT_NAMES, cell("karat")),
      weightGrams: decimalCellText(cell("weightGrams"), 3),
      stone: enumerated(STONE_NAMES, cell("stone")),
      stoneCarats: decimalCellText(cell("stoneCarats"), 2),
      itemCode: cellText(cell("itemCode")),
      certificateNo: cellText(cell("certificateNo")),
      price: amountCellText(cell("price")),
    },
    problems,
  };
}

/** One row of a purchase history, read: its client cells checked by the New Client rules, its sale cells. */
export type PurchaseRow = { rowNumber: number; client: ClientRowCheck; cells: PurchaseCells };

export function readPurchaseRow(
  rowNumber: number,
  cells: readonly CellValue[],
  mapping: HeaderMapping,
  options: RowReadOptions = {},
): PurchaseRow {
  return {
    rowNumber,
    client: checkClientRow(cells, mapping, options),
    cells: readPurchaseCells(cells, mapping, options),
  };
}

/** One item of a sale to write, with the row it came from and that row's client (for a skipped-rows export). */
export type PurchaseLine = { row: number; client: NewClientInput; item: SaleItemInput };

/** A sale read from the file, every rule of a sale checked; the database decides the rest. */
export type PendingPurchase = {
  /** The client's normalised mobile; the client is created from the first row's cells if the mobile is new. */
  mobile: string;
  client: NewClientInput;
  saleDate: IsoDate;
  invoiceNo: string | null;
  /** The showroom's key, or null for the seller's home showroom. */
  showroom: string | null;
  /** The Sold By cell as written: an active user's email or name, else whoever imports. */
  soldBy: string | null;
  /** How the whole sale was paid, when the file says; null is "not recorded", as for older sales. */
  paymentMethod: PaymentMethod | null;
  amountFils: Fils;
  lines: PurchaseLine[];
};

export type ClosedGroup = { ok: true; purchase: PendingPurchase } | { ok: false; errors: Message[] };

/** "Invoice INV-7 at Dubai Mall": how messages name an invoice (the showroom in the reader's language). */
function invoiceName(
  invoiceNo: string,
  showroom: string | null | undefined,
  showrooms: readonly ShopChoice[],
): Message {
  const row = showroom ? showrooms.find((choice) => choice.key === showroom) : undefined;
  return row
    ? message(MESSAGE_CODES.importInvoiceAtShowroom, { invoice: invoiceNo, showroom: { names: [row] } })
    : message(MESSAGE_CODES.importInvoice, { invoice: invoiceNo });
}

const rowSpan = (first: number, last: number): Message =>
  first === last
    ? message(MESSAGE_CODES.importOnRow, { row: first })
    : message(MESSAGE_CODES.importOnRows, { first, last });

type Group = {
  /** Client, showroom and invoice number: consecutive rows with the same key are one sale; null for a sale of one row. */
  key: string | null;
  /** The rows, read; past MAX_SALE_ITEMS only their numbers are kept (the sale is refused anyway). */
  rows: [PurchaseRow, ...PurchaseRow[]];
  rowNumbers: number[];
  /** The invoice's place in the file, when this group is where it first appears. */
  seen: SeenInvoice | null;
  /** Why every row of the group is refused (an invoice seen earlier in the file), if so. */
  refusal: Message | null;
};

type SeenInvoice = { mobile: string; first: number; last: number };

const mobileOf = (row: PurchaseRow) => (row.client.ok ? row.client.client.mobileNumber : row.client.mobile);

/**
 * Groups the rows of a purchase history into sales, in file order. Rows of one invoice must be
 * together: an invoice that comes back after other rows, or that another client's rows already
 * used, is refused rather than split into two sales, so the result never depends on where the
 * import's batches end. A sale with any row in error is refused whole (a sale is never written
 * without one of its items). `feed` answers the sale its row closed, if any; `finish` the last one.
 */
export function purchaseGrouper(mapping: HeaderMapping, today: IsoDate, lists: SaleLists) {
  const schema = saleInputSchema(today, lists);
  const showroomOf = (row: PurchaseRow) => readChoiceCell(lists.showrooms, row.cells.showroom);
  const seen = new Map<string, SeenInvoice>();
  let open: Group | null = null;

  function start(row: PurchaseRow): Group {
    const mobile = mobileOf(row);
    const { invoiceNo } = row.cells;
    const showroom = showroomOf(row);
    const group: Group = { key: null, rows: [row], rowNumbers: [row.rowNumber], seen: null, refusal: null };
    if (invoiceNo === undefined || mobile === null) return group;
    const invoice = `${showroom ?? ""}\u0000${invoiceNo}`;
    group.key = `${mobile}\u0000${invoice}`;
    const earlier = seen.get(invoice);
    if (!earlier) {
      group.seen = { mobile, first: row.rowNumber, last: row.rowNumber };
      seen.set(invoice, group.seen);
    } else {
      const name = invoiceName(invoiceNo, showroom, lists.showrooms);
      const where = rowSpan(earlier.first, earlier.last);
      group.refusal =
        earlier.mobile === mobile
          ? message(MESSAGE_CODES.importInvoiceComesBack, { invoice: name, where })
          : message(MESSAGE_CODES.importInvoiceOtherClient, { invoice: name, where });
    }
    return group;
  }

  function add(group: Group, row: PurchaseRow) {
    group.rowNumbers.push(row.rowNumber);
    if (group.rows.length <= MAX_SALE_ITEMS) group.rows.push(row);
    if (group.seen) group.seen.last = row.rowNumber;
  }

  function close(group: Group): ClosedGroup {
    const { rows, rowNumbers } = group;
    const [first] = rows;
    const { invoiceNo } = first.cells;
    const showroom = showroomOf(first);
    const name =
      invoiceNo === undefined
        ? message(MESSAGE_CODES.importTheSale)
        : invoiceName(invoiceNo, showroom, lists.showrooms);
    const refuseAll = (refusal: Message): ClosedGroup => ({
      ok: false,
      errors: rowNumbers.map((n) => rowError(n, [refusal])),
    });
    if (group.refusal) return refuseAll(group.refusal);
    if (rowNumbers.length > MAX_SALE_ITEMS)
      return refuseAll(
        message(MESSAGE_CODES.importTooManyItems, { sale: name, items: rowNumbers.length, max: MAX_SALE_ITEMS }),
      );

    const problems = rows.map((row): RowProblem[] => [
      ...(row.client.ok ? [] : row.client.messages),
      ...row.cells.problems,
    ]);
    const forAll: RowProblem[] = [];
    // The sale's date is its first row's; an item dated otherwise is a mistake to show, not to guess.
    rows.forEach((row, i) => {
      if (i > 0 && row.cells.saleDate !== undefined && row.cells.saleDate !== first.cells.saleDate)
        problems[i]!.push(
          message(MESSAGE_CODES.importDateDiffers, {
            header: headerOf("saleDate", mapping),
            value: row.cells.saleDate,
            row: first.rowNumber,
          }),
        );
    });
    // One method for the whole sale: the first row that names one (a POS may print it once); a row
    // naming another is a mistake to show, as a split payment is recorded on the sale, not per item.
    const paid = rows.find((row) => row.cells.payment !== undefined);
    rows.forEach((row, i) => {
      const payment = row.cells.payment;
      if (payment === undefined) return;
      if (payment.method === null) problems[i]!.push(cellMessage("paymentMethod", payment.text, choosePaymentMethod));
      else if (paid!.cells.payment!.method !== null && payment.method !== paid!.cells.payment!.method)
        problems[i]!.push(
          message(MESSAGE_CODES.importPaymentDiffers, {
            header: headerOf("paymentMethod", mapping),
            value: shorten(payment.text),
            row: paid!.rowNumber,
          }),
        );
    });
    const parsed = schema.safeParse({
      saleDate: first.cells.saleDate ?? "",
      invoiceNo,
      showroom,
      items: rows.map((row) => ({
        ...row.cells.item,
        category: readChoiceCell(lists.itemCategories, row.cells.item.category),
      })),
    });
    for (const issue of parsed.error?.issues ?? []) {
      const [head, index, field] = issue.path;
      const said = issueMessage(issue);
      if (head === "items" && typeof index === "number" && typeof field === "string") {
        const column = ITEM_COLUMN[field as ItemField];
        problems[index]!.push(cellMessage(column, rows[index]!.cells.item[field as ItemField], said));
      } else if (head === "saleDate") {
        // An unreadable date is already reported in spreadsheet terms.
        if (first.cells.problems.length > 0) continue;
        forAll.push(
          first.cells.saleDate === undefined
            ? message(MESSAGE_CODES.importCellRequired, { header: headerOf("saleDate", mapping) })
            : cellMessage("saleDate", first.cells.saleDate, said),
        );
      } else if (head === "showroom") forAll.push(cellMessage("showroom", first.cells.showroom, said));
      else if (head === "invoiceNo") forAll.push(cellMessage("invoiceNo", invoiceNo, said));
      else forAll.push(message(MESSAGE_CODES.importSaleRefused, { sale: name, said }));
    }
    if (!parsed.success || forAll.length > 0 || problems.some((p) => p.length > 0)) {
      const wrong = rows.find((_, i) => problems[i]!.length > 0) ?? first;
      return {
        ok: false,
        errors: rows.map((row, i) => {
          const own = [...forAll, ...problems[i]!];
          return rowError(
            row.rowNumber,
            own.length > 0 ? own : [message(MESSAGE_CODES.importSaleNotImported, { sale: name, row: wrong.rowNumber })],
          );
        }),
      };
    }
    const sale = parsed.data;
    const clientOf = (row: PurchaseRow) => (row.client as Extract<ClientRowCheck, { ok: true }>).client;
    return {
      ok: true,
      purchase: {
        mobile: clientOf(first).mobileNumber,
        client: clientOf(first),
        saleDate: sale.saleDate,
        invoiceNo: sale.invoiceNo,
        showroom: sale.showroom,
        // The invoice's associate is whichever of its rows names one (a POS may print it once).
        soldBy: rows.find((row) => row.cells.soldBy !== undefined)?.cells.soldBy ?? null,
        paymentMethod: paid?.cells.payment?.method ?? null,
        amountFils: sale.amountFils,
        lines: sale.items.map((item, i) => ({ row: rows[i]!.rowNumber, client: clientOf(rows[i]!), item })),
      },
    };
  }

  /** `Weight (g) "abc": Enter the weight…`, or `Item Category: Choose…` when the cell was blank. */
  function cellMessage(field: SaleImportField, given: string | undefined, said: RowProblem): Message {
    const header = headerOf(field, mapping);
    return given === undefined
      ? message(MESSAGE_CODES.importBlankCell, { header, said })
      : refusedCell(header, given, said);
  }

  return {
    feed(row: PurchaseRow): ClosedGroup | null {
      const mobile = mobileOf(row);
      const { invoiceNo } = row.cells;
      const showroom = showroomOf(row);
      if (open && open.key !== null && open.key === `${mobile}\u0000${showroom ?? ""}\u0000${invoiceNo}`) {
        add(open, row);
        return null;
      }
      const closed = open ? close(open) : null;
      open = start(row);
      return closed;
    },
    finish(): ClosedGroup | null {
      const closed = open ? close(open) : null;
      open = null;
      return closed;
    },
  };
}

/**
 * A sale line as cell text under the sale columns (labels for codes), for the skipped-rows export:
 * it reads back as the same item.
 */
export function purchaseCellValues(
  purchase: PendingPurchase,
  item: SaleItemInput,
  lists: SaleLists,
): Record<SaleImportField, string> {
  return {
    invoiceNo: purchase.invoiceNo ?? "",
    saleDate: purchase.saleDate,
    showroom: nameOfKey(lists.showrooms, purchase.showroom, "en") ?? "",
    itemCategory: nameOfKey(lists.itemCategories, item.category, "en") ?? item.category,
    metal: METAL_LABELS[item.metal],
    karat: KARAT_LABELS[item.karat],
    weightGrams: item.weightMg === null ? "" : mgToGrams(item.weightMg),
    stone: STONE_LABELS[item.stone],
    stoneCarats: item.stoneCaratPoints === null ? "" : pointsToCarats(item.stoneCaratPoints),
    itemCode: item.itemCode ?? "",
    certificateNo: item.certificateNo ?? "",
    price: filsToDecimalString(item.priceFils),
    paymentMethod: purchase.paymentMethod ? PAYMENT_METHOD_LABELS[purchase.paymentMethod] : "",
    soldBy: purchase.soldBy ?? "",
  };
}
