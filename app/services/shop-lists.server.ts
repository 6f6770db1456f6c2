import { readUntilWritten } from "~/cache/kept-reads.server";
import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { parseAedToFils } from "~/domain/money";
import {
  foldName,
  itemCategorySettings,
  keyFromName,
  reorder,
  teamSettings,
  type NewShopRow,
  type ShopChoice,
  type ShopList,
  type ShopLists,
  type ItemCategoryChoice,
  type ShopRowPatch,
  type TeamChoice,
} from "~/domain/shop-lists";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "./audit.server";

/**
 * The shop's showrooms, teams and item categories (docs/decisions/041-shop-lists-as-data.md): read by every
 * form, filter, import, report and lead, kept until the next write; added and changed by an admin, each
 * change in the audit log. A row is never deleted: records keep its key.
 */

type Row = ShopChoice & {
  products?: string;
  productsAr?: string;
  clientTiers?: string;
  budgetBands?: string;
  wornOn?: string;
  priceFromFils?: bigint | null;
  investmentGold?: boolean;
};

/** The three tables have the same columns (teams have three more, categories two), so one set of calls serves them. */
type ListTable = {
  findMany(args: { orderBy: { position: "asc" }[] | object[] }): Promise<Row[]>;
  findUnique(args: { where: { id: string } }): Promise<Row | null>;
  create(args: { data: Record<string, unknown> }): Promise<Row>;
  update(args: { where: { id: string }; data: Record<string, unknown> }): Promise<Row>;
};

const TABLES = { showrooms: "showroom", teams: "team", itemCategories: "itemCategory" } as const;

function table(list: ShopList, client: Pick<typeof db, (typeof TABLES)[ShopList]> = db): ListTable {
  return client[TABLES[list]];
}

type AnyChoice = ShopChoice | TeamChoice | ItemCategoryChoice;

/** A stored row as the lists and the API give it (a team's settings as lists, a category's price as AED). */
function choiceOf(row: Row): AnyChoice {
  const choice: ShopChoice = {
    id: row.id,
    key: row.key,
    name: row.name,
    nameAr: row.nameAr,
    active: row.active,
    position: row.position,
  };
  if (row.products !== undefined)
    return {
      ...choice,
      ...teamSettings({
        products: row.products,
        productsAr: row.productsAr!,
        clientTiers: row.clientTiers!,
        budgetBands: row.budgetBands!,
      }),
    };
  if (row.wornOn !== undefined)
    return {
      ...choice,
      ...itemCategorySettings({
        wornOn: row.wornOn,
        priceFromFils: row.priceFromFils ?? null,
        investmentGold: row.investmentGold ?? false,
      }),
    };
  return choice;
}

const ORDER = [{ position: "asc" as const }, { name: "asc" as const }];

async function readList(list: ShopList): Promise<AnyChoice[]> {
  return (await table(list).findMany({ orderBy: ORDER })).map(choiceOf);
}

/** All three lists in order, inactive rows too. Kept until the database is written (app/cache/README.md). */
export function readShopLists(): Promise<ShopLists> {
  return readUntilWritten("shop-lists", async () => {
    const [showrooms, teams, itemCategories] = await Promise.all([
      readList("showrooms"),
      readList("teams"),
      readList("itemCategories"),
    ]);
    return { showrooms, teams: teams as TeamChoice[], itemCategories: itemCategories as ItemCategoryChoice[] };
  });
}

export type ShopFailure = { ok: false; status: 404 | 409; error: Message };
export type ShopOutcome = { ok: true; value: AnyChoice } | ShopFailure;

const NOT_FOUND: ShopFailure = { ok: false, status: 404, error: message(MESSAGE_CODES.shopRowNotFound) };
const nameTaken = (name: string): ShopFailure => ({
  ok: false,
  status: 409,
  error: message(MESSAGE_CODES.shopNameTaken, { name }),
});

/** Another row of the list already called `name` (either language, any case), if any. */
function clash(rows: readonly ShopChoice[], name: string, exceptId?: string): ShopChoice | undefined {
  const folded = foldName(name);
  return rows.find(
    (row) =>
      row.id !== exceptId &&
      (foldName(row.name) === folded || (row.nameAr !== null && foldName(row.nameAr) === folded)),
  );
}

/** The key a row gets when its English name makes none (an Arabic-only shop word, say). */
const FALLBACK_KEY: Record<ShopList, string> = { showrooms: "showroom", teams: "team", itemCategories: "category" };

/** Adds a row at the end of its list, active, with a key made from its English name. */
export async function addShopRow(
  actor: AuditActor,
  list: ShopList,
  input: NewShopRow,
  ip: string | null,
): Promise<ShopOutcome> {
  const rows = await readList(list);
  for (const name of [input.name, input.nameAr]) if (name && clash(rows, name)) return nameTaken(name);
  const key = keyFromName(input.name, new Set(rows.map((r) => r.key)), FALLBACK_KEY[list]);
  const position = rows.reduce((last, row) => Math.max(last, row.position + 1), 0);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await table(list, tx).create({
        data: { key, name: input.name, nameAr: input.nameAr, position },
      });
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.shopListChanged,
          targetType: list,
          targetId: created.id,
          details: { change: "added", key },
          ip,
        },
        tx,
      );
      return created;
    });
    return { ok: true, value: choiceOf(row) };
  } catch (error) {
    // Two admins adding the same name at once: the key is unique.
    if (isUniqueViolation(error)) return nameTaken(input.name);
    throw error;
  }
}

/**
 * Renames, (de)activates, moves or (for a team or an item category) resets a row's settings. The key never changes, so records
 * keep their meaning. The audit entry names the fields changed, with the old and new values.
 */
export async function changeShopRow(
  actor: AuditActor,
  list: ShopList,
  id: string,
  patch: ShopRowPatch,
  ip: string | null,
): Promise<ShopOutcome> {
  const rows = await readList(list);
  const current = rows.find((row) => row.id === id);
  if (!current) return NOT_FOUND;
  for (const name of [patch.name, patch.nameAr]) if (name && clash(rows, name, id)) return nameTaken(name);

  const data: Record<string, unknown> = {};
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.nameAr !== undefined) data.nameAr = patch.nameAr;
  if (patch.active !== undefined) data.active = patch.active;
  if (list === "teams") {
    if (patch.products !== undefined) data.products = patch.products.join("\n");
    if (patch.productsAr !== undefined) data.productsAr = patch.productsAr.join("\n");
    if (patch.clientTiers !== undefined) data.clientTiers = patch.clientTiers.join(",");
    if (patch.budgetBands !== undefined) data.budgetBands = patch.budgetBands.join(",");
  }
  if (list === "itemCategories" && patch.wornOn !== undefined) data.wornOn = patch.wornOn.join(",");
  if (list === "itemCategories" && patch.investmentGold !== undefined) data.investmentGold = patch.investmentGold;
  const moves = patch.position === undefined ? new Map<string, number>() : reorder(rows, id, patch.position);
  const changes = Object.fromEntries(
    Object.entries(data).map(([field, to]) => [field, { from: (current as Record<string, unknown>)[field], to }]),
  );
  // The price is stored in fils; the audit entry keeps it as the AED text the admin sees.
  if (list === "itemCategories" && patch.priceFrom !== undefined) {
    data.priceFromFils = patch.priceFrom === null ? null : parseAedToFils(patch.priceFrom);
    changes.priceFrom = { from: (current as ItemCategoryChoice).priceFrom, to: patch.priceFrom };
  }
  if (moves.get(id) !== undefined && moves.get(id) !== current.position)
    changes.position = { from: current.position, to: moves.get(id) };

  const row = await db.$transaction(async (tx) => {
    const rowsTable = table(list, tx);
    for (const other of rows) {
      const position = moves.get(other.id);
      if (position !== undefined && position !== other.position && other.id !== id)
        await rowsTable.update({ where: { id: other.id }, data: { position } });
    }
    const position = moves.get(id);
    const updated = await rowsTable.update({
      where: { id },
      data: position === undefined ? data : { ...data, position },
    });
    if (Object.keys(changes).length > 0)
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.shopListChanged,
          targetType: list,
          targetId: id,
          details: { change: "changed", key: current.key, fields: changes },
          ip,
        },
        tx,
      );
    return updated;
  });
  return { ok: true, value: choiceOf(row) };
}
