import { db, inInts, inTexts, readRows } from "~/db/db.server";
import { maskEmiratesId } from "~/domain/client-privacy";
import {
  DUP_KEYS_VERSION,
  duplicateKeyColumns,
  duplicateReasons,
  duplicateScore,
  pairsSharingKeys,
  reasonsColumn,
  reasonsFromColumn,
  type DuplicateKeys,
  type DuplicateReason,
  type FoundPair,
  type KeyedClient,
} from "~/domain/duplicate-keys";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit, type Actor } from "./audit.server";

/*
 * Possible duplicates (docs/decisions/043-duplicate-clients.md): each client stores its duplicate
 * keys (app/domain/duplicate-keys.ts), and every write of clients refreshes the pairs they are in
 * by index lookups on those keys, never by comparing all pairs nor reading every client.
 */

const KEY_COLUMNS = ["dupEmiratesIdKey", "dupEmailKey", "dupNameKey", "dupArabicNameKey"] as const;

type Db = Prisma.TransactionClient;

/**
 * The clients holding any of the keys, in the book or deleted (a restored client keeps its pairs);
 * never erased ones. One indexed lookup per key column, joined by UNION: an OR of the columns, or a
 * condition on deletedAt/erasedAt in the SQL, made SQLite scan the table (over 100 ms at 100,000
 * clients); so those are tested here on the few rows found (an erased client has no keys anyway).
 */
async function holdersOfKeys(tx: Db, keys: readonly DuplicateKeys[], options: { inBookOnly: boolean }) {
  const lookups: Prisma.Sql[] = [];
  for (const column of KEY_COLUMNS) {
    const values = [...new Set(keys.map((k) => k[column]).filter((v): v is string => v !== null))];
    if (values.length === 0) continue;
    const match = values.length === 1 ? Prisma.sql`= ${values[0]}` : Prisma.sql`IN ${inTexts(values)}`;
    lookups.push(Prisma.sql`SELECT "id", "dupEmiratesIdKey", "dupEmailKey", "dupNameKey", "dupArabicNameKey",
      "deletedAt", "erasedAt" FROM "Customer" WHERE ${Prisma.raw(`"${column}"`)} ${match}`);
  }
  if (lookups.length === 0) return [];
  const rows = await tx.$queryRaw<(KeyRow & { deletedAt: unknown; erasedAt: unknown })[]>`${Prisma.join(
    lookups,
    " UNION ",
  )}`;
  return rows.filter((r) => r.erasedAt === null && (!options.inBookOnly || r.deletedAt === null)).map(keyedClient);
}

type KeyRow = DuplicateKeys & { id: number | bigint };

const keyedClient = (r: KeyRow): KeyedClient => ({
  id: Number(r.id),
  dupEmiratesIdKey: r.dupEmiratesIdKey,
  dupEmailKey: r.dupEmailKey,
  dupNameKey: r.dupNameKey,
  dupArabicNameKey: r.dupArabicNameKey,
});

/**
 * Brings the stored pairs of `clientIds` in step with their keys, in the caller's transaction: new
 * pairs are added, changed reasons rescored, pairs no key holds any more removed. A dismissed pair
 * stays dismissed ("Not the same person" is for good), its reasons kept current.
 */
export async function refreshDuplicatePairs(tx: Db, clientIds: readonly number[]): Promise<void> {
  const ids = [...new Set(clientIds)];
  // A chunk's lookups stay under SQLite's 999 parameters (an import batch writes 2,000 clients).
  for (let start = 0; start < ids.length; start += REFRESH_CHUNK)
    await refreshChunk(tx, ids.slice(start, start + REFRESH_CHUNK));
}

/**
 * Pairs clients just created in this transaction with whoever shares one of their keys (the keys as
 * written, `created`). A new client is in no stored pair yet, so unlike refreshDuplicatePairs nothing
 * is read back but the keys' holders: an import creates thousands a batch. Answers the pairs added.
 */
export async function pairNewClients(tx: Db, created: readonly KeyedClient[]): Promise<FoundPair[]> {
  const added = new Map<string, FoundPair>();
  for (let start = 0; start < created.length; start += REFRESH_CHUNK) {
    const found = await pairsOf(tx, created.slice(start, start + REFRESH_CHUNK));
    // A pair of two new clients of different chunks is found from both: stored once.
    const wanted = new Map([...found].filter(([key]) => !added.has(key)));
    await storePairs(tx, wanted, []);
    for (const [key, pair] of wanted) added.set(key, pair);
  }
  return [...added.values()];
}

/** The pairs `clients` are in, by the keys they hold: one lookup of every client holding any of them. */
async function pairsOf(tx: Db, clients: readonly KeyedClient[]): Promise<Map<string, FoundPair>> {
  const holders = await holdersOfKeys(tx, clients, { inBookOnly: false });
  const mine = new Set(clients.map((c) => c.id));
  return new Map([...pairsSharingKeys(holders)].filter(([, p]) => mine.has(p.lowId) || mine.has(p.highId)));
}

const REFRESH_CHUNK = 400;
const CREATE_CHUNK = 100;

async function refreshChunk(tx: Db, ids: number[]): Promise<void> {
  // Raw reads with the ids as one parameter: Prisma's `in` compiles each of 400 ids on every call,
  // several times the queries' own cost, and an import refreshes 2,000 clients a batch.
  const clients = (
    await tx.$queryRaw<KeyRow[]>`SELECT "id", "dupEmiratesIdKey", "dupEmailKey", "dupNameKey", "dupArabicNameKey"
      FROM "Customer" WHERE "id" IN ${inInts(ids)} AND "erasedAt" IS NULL`
  ).map(keyedClient);
  const wanted = await pairsOf(tx, clients);
  const stored = await tx.$queryRaw<StoredPair[]>`SELECT ${STORED_PAIR_COLUMNS} FROM "ClientDuplicatePair"
      WHERE "lowCustomerId" IN ${inInts(ids)}
    UNION SELECT ${STORED_PAIR_COLUMNS} FROM "ClientDuplicatePair" WHERE "highCustomerId" IN ${inInts(ids)}`;
  await storePairs(tx, wanted, stored);
}

type StoredPair = {
  id: number | bigint;
  lowClientId: number | bigint;
  highClientId: number | bigint;
  reasons: string;
  dismissedAt: unknown;
};

const STORED_PAIR_COLUMNS = Prisma.sql`"id", "lowCustomerId" AS "lowClientId", "highCustomerId" AS "highClientId",
  "reasons", "dismissedAt"`;

/**
 * Makes the stored pairs among `stored` what `wanted` says: new pairs added, changed reasons rescored,
 * pairs no key holds any more removed. A dismissed pair stays dismissed, its reasons kept current.
 */
async function storePairs(tx: Db, wanted: Map<string, FoundPair>, stored: readonly StoredPair[]): Promise<void> {
  const toAdd = new Map(wanted);
  const gone: number[] = [];
  for (const pair of stored) {
    const key = `${Number(pair.lowClientId)}:${Number(pair.highClientId)}`;
    const now = toAdd.get(key);
    if (!now) {
      if (pair.dismissedAt === null) gone.push(Number(pair.id));
      continue;
    }
    toAdd.delete(key);
    const reasons = reasonsColumn(now.reasons);
    if (reasons !== pair.reasons)
      await tx.clientDuplicatePair.update({
        where: { id: Number(pair.id) },
        data: { reasons, score: duplicateScore(now.reasons) },
      });
  }
  for (let start = 0; start < gone.length; start += CREATE_CHUNK)
    await tx.clientDuplicatePair.deleteMany({ where: { id: { in: gone.slice(start, start + CREATE_CHUNK) } } });
  const added = [...toAdd.values()].map((p) => ({
    lowClientId: p.lowId,
    highClientId: p.highId,
    reasons: reasonsColumn(p.reasons),
    score: duplicateScore(p.reasons),
  }));
  for (let start = 0; start < added.length; start += CREATE_CHUNK)
    await tx.clientDuplicatePair.createMany({ data: added.slice(start, start + CREATE_CHUNK) });
}

/** Every pair in the book found again from the stored keys (findAllPairs), in one transaction. */
export async function findAllDuplicatePairs(): Promise<void> {
  await db.$transaction((tx) => findAllPairs(tx), { timeout: 120_000 });
}

/**
 * Every pair in the book from its stored keys, made to match the stored pairs: per key column one
 * GROUP BY on its index finds the values held more than once, and only their holders are read.
 */
async function findAllPairs(tx: Db): Promise<void> {
  const lookups = KEY_COLUMNS.map((column) => {
    const key = Prisma.raw(`"${column}"`);
    return Prisma.sql`SELECT "id", "dupEmiratesIdKey", "dupEmailKey", "dupNameKey", "dupArabicNameKey", "erasedAt"
      FROM "Customer" WHERE ${key} IN (SELECT ${key} FROM "Customer" WHERE ${key} IS NOT NULL
        GROUP BY ${key} HAVING COUNT(*) > 1)`;
  });
  const holders = (await tx.$queryRaw<(KeyRow & { erasedAt: unknown })[]>`${Prisma.join(lookups, " UNION ")}`)
    .filter((r) => r.erasedAt === null)
    .map(keyedClient);
  const stored = await tx.$queryRaw<StoredPair[]>`SELECT ${STORED_PAIR_COLUMNS} FROM "ClientDuplicatePair"`;
  await storePairs(tx, pairsSharingKeys(holders), stored);
}

/** A client in the book who may be the one being entered: what the warning names. */
export type PossibleDuplicate = {
  id: number;
  fullName: string;
  reasons: DuplicateReason[];
  ownerName: string | null;
  showroomName: string | null;
  lastPurchaseDate: Date | null;
};

/**
 * Who in the book may be the client with these keys, before or after they are saved (`except`:
 * the client being edited, whose dismissed pairs are not raised again). A few index lookups.
 */
export async function findPossibleDuplicates(
  keys: DuplicateKeys,
  except: number | null = null,
  tx: Db = db,
): Promise<PossibleDuplicate[]> {
  const holders = (await holdersOfKeys(tx, [keys], { inBookOnly: true })).filter((h) => h.id !== except);
  const matches = holders
    .map((h) => ({ id: h.id, reasons: duplicateReasons(keys, h) }))
    .filter((m) => m.reasons.length > 0);
  if (matches.length === 0) return [];
  const dismissed =
    except === null
      ? new Set<number>()
      : new Set(
          (
            await tx.clientDuplicatePair.findMany({
              where: {
                dismissedAt: { not: null },
                OR: [
                  { lowClientId: except, highClientId: { in: matches.map((m) => m.id) } },
                  { highClientId: except, lowClientId: { in: matches.map((m) => m.id) } },
                ],
              },
              select: { lowClientId: true, highClientId: true },
            })
          ).map((p) => (p.lowClientId === except ? p.highClientId : p.lowClientId)),
        );
  const open = matches.filter((m) => !dismissed.has(m.id));
  open.sort((a, b) => duplicateScore(b.reasons) - duplicateScore(a.reasons) || a.id - b.id);
  const shown = open.slice(0, 5);
  const rows = await tx.client.findMany({
    where: { id: { in: shown.map((m) => m.id) } },
    select: {
      id: true,
      fullName: true,
      lastPurchaseDate: true,
      owner: { select: { name: true, showroom: { select: { name: true } } } },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return shown.flatMap((m) => {
    const row = byId.get(m.id);
    return row
      ? [
          {
            id: row.id,
            fullName: row.fullName,
            reasons: m.reasons,
            ownerName: row.owner?.name ?? null,
            showroomName: row.owner?.showroom?.name ?? null,
            lastPurchaseDate: row.lastPurchaseDate,
          },
        ]
      : [];
  });
}

/** One side of a pair on the Duplicates page and in its JSON. */
export type PairClient = {
  id: number;
  fullName: string;
  fullNameAr: string | null;
  mobileNumber: string;
  email: string | null;
  dateOfBirth: Date | null;
  /** Always masked here, whoever looks (docs/privacy.md); the JSON leaves it out. */
  emiratesId: string | null;
  totalSalesFils: Fils;
  totalSalesValue: string;
  ownerName: string | null;
  lastPurchaseDate: Date | null;
};

export type DuplicatePairView = {
  pairId: number;
  score: number;
  reasons: DuplicateReason[];
  clients: [PairClient, PairClient];
};

const PAIR_CLIENT_SELECT = {
  id: true,
  fullName: true,
  fullNameAr: true,
  mobileNumber: true,
  email: true,
  dateOfBirth: true,
  emiratesId: true,
  totalSalesFils: true,
  lastPurchaseDate: true,
  owner: { select: { name: true } },
} as const satisfies Prisma.ClientSelect;

const inBook = { deletedAt: null, erasedAt: null } as const;

/** Open pairs of two clients both in the book, strongest first. */
const OPEN_PAIRS = {
  dismissedAt: null,
  lowClient: inBook,
  highClient: inBook,
} as const satisfies Prisma.ClientDuplicatePairWhereInput;

/** The Duplicates page and GET /api/clients/duplicates: a page of open pairs, strongest first, and how many there are. */
export async function listDuplicatePairs(query: {
  page: number;
  pageSize: number;
}): Promise<{ pairs: DuplicatePairView[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.clientDuplicatePair.findMany({
      where: OPEN_PAIRS,
      orderBy: [{ score: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      select: {
        id: true,
        score: true,
        reasons: true,
        lowClient: { select: PAIR_CLIENT_SELECT },
        highClient: { select: PAIR_CLIENT_SELECT },
      },
    }),
    db.clientDuplicatePair.count({ where: OPEN_PAIRS }),
  ]);
  const side = (c: Prisma.ClientGetPayload<{ select: typeof PAIR_CLIENT_SELECT }>): PairClient => ({
    id: c.id,
    fullName: c.fullName,
    fullNameAr: c.fullNameAr,
    mobileNumber: c.mobileNumber,
    email: c.email,
    dateOfBirth: c.dateOfBirth,
    // Whether two IDs differ shows masked; the full ID stays behind its audited reveal (decision 014).
    emiratesId: c.emiratesId ? maskEmiratesId(c.emiratesId) : null,
    totalSalesFils: c.totalSalesFils,
    totalSalesValue: filsToDecimalString(c.totalSalesFils),
    ownerName: c.owner?.name ?? null,
    lastPurchaseDate: c.lastPurchaseDate,
  });
  return {
    pairs: rows.map((r) => ({
      pairId: r.id,
      score: r.score,
      reasons: reasonsFromColumn(r.reasons),
      clients: [side(r.lowClient), side(r.highClient)],
    })),
    total,
  };
}

/**
 * Not the same person: the pair is hidden for good, and the decision audited. A pair already
 * dismissed answers as dismissed again; an unknown one is not found.
 */
export async function dismissDuplicatePair(
  pairId: number,
  context: { actor: Actor; ip?: string | null },
): Promise<{ ok: true } | { ok: false; status: 404 }> {
  return db.$transaction(async (tx) => {
    const pair = await tx.clientDuplicatePair.findUnique({
      where: { id: pairId },
      select: { id: true, lowClientId: true, highClientId: true, dismissedAt: true },
    });
    if (!pair) return { ok: false, status: 404 } as const;
    if (pair.dismissedAt) return { ok: true } as const;
    await tx.clientDuplicatePair.update({
      where: { id: pairId },
      data: { dismissedAt: new Date(), dismissedById: context.actor.id },
    });
    await writeAudit(
      {
        actor: context.actor,
        action: AUDIT_ACTIONS.duplicateDismissed,
        targetType: "client",
        targetId: String(pair.lowClientId),
        details: { pairId, clientIds: [pair.lowClientId, pair.highClientId] },
        ip: context.ip,
      },
      tx,
    );
    return { ok: true } as const;
  });
}

const NO_KEYS: DuplicateKeys = { dupEmiratesIdKey: null, dupEmailKey: null, dupNameKey: null, dupArabicNameKey: null };

type BackfillRow = {
  id: number;
  fullName: string;
  fullNameAr: string | null;
  email: string | null;
  emiratesId: string | null;
  dateOfBirth: Date | null;
  erasedAt: Date | null;
};

/** How many clients the start-up backfill keys in one UPDATE (five parameters each, under SQLite's 999). */
const BACKFILL_BATCH = 150;

/**
 * Keys the clients written before the keys existed, or by an older version of the rules, then finds
 * every pair in the book once (findAllPairs). Cheap when there is nothing to do: one lookup on the
 * version's index. Returns how many clients it keyed.
 */
export async function backfillDuplicateKeys(): Promise<number> {
  let keyed = 0;
  // Onwards from the last id keyed: asking again from the start would sort the rows left each time.
  for (let after = 0; ;) {
    // Raw: the ORM spent over a second on each 100,000 rows' conversion, the keys being what takes time here.
    const batch = await readRows<BackfillRow>(Prisma.sql`SELECT "id", "fullName", "fullNameAr", "email", "emiratesId",
      "dateOfBirth", "erasedAt" FROM "Customer" WHERE "dupKeysVersion" < ${DUP_KEYS_VERSION} AND "id" > ${after}
      ORDER BY "id" LIMIT ${BACKFILL_BATCH * 20}`);
    if (batch.length === 0) break;
    await db.$transaction(async (tx) => {
      for (let start = 0; start < batch.length; start += BACKFILL_BATCH) {
        // An erased client keeps no keys: the fields they came from are gone. Raw, so the client's
        // updatedAt stays the time a person last changed them.
        const rows = batch.slice(start, start + BACKFILL_BATCH).map((c) => {
          const k = c.erasedAt ? NO_KEYS : duplicateKeyColumns(c);
          return Prisma.sql`(CAST(${c.id} AS INTEGER), ${k.dupEmiratesIdKey}, ${k.dupEmailKey}, ${k.dupNameKey},
            ${k.dupArabicNameKey})`;
        });
        await tx.$executeRaw`WITH "k"("id", "emiratesId", "email", "name", "arabicName") AS (VALUES ${Prisma.join(rows)})
          UPDATE "Customer" SET "dupEmiratesIdKey" = "k"."emiratesId", "dupEmailKey" = "k"."email",
            "dupNameKey" = "k"."name", "dupArabicNameKey" = "k"."arabicName", "dupKeysVersion" = ${DUP_KEYS_VERSION}
          FROM "k" WHERE "Customer"."id" = "k"."id"`;
      }
    });
    keyed += batch.length;
    after = Number(batch.at(-1)!.id);
  }
  if (keyed > 0) await findAllDuplicatePairs();
  return keyed;
}
