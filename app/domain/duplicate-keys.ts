import { normaliseArabic } from "./arabic";

/*
 * Who may be the same person (issue #44, docs/decisions/043-duplicate-clients.md). Two clients are a
 * possible pair when they share an Emirates ID, an email (any case), a folded name and a birth date,
 * or the same Arabic name and a birth date. Each of those is one stored key column per client, so a
 * new or edited client is compared by an index lookup, never against every other client.
 */

/** Why two clients may be one person, as the API names it. */
export const DUPLICATE_REASONS = ["emirates_id", "email", "name_birth_date", "arabic_name_birth_date"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/**
 * The version of the folding rules below. Changing a rule means raising it: the start-up backfill
 * re-keys every client whose stored keys were written by an older version.
 */
export const DUP_KEYS_VERSION = 1;

/** Articles written before a family name, dropped when they stand alone ("Al Mansoori", "Al-Mansoori"). */
const ARTICLES: ReadonlySet<string> = new Set(["al", "el", "ul", "ال"]);

/** Common English spellings of the same Arabic name, each with the one form the key keeps. */
const SPELLINGS: ReadonlyMap<string, string> = new Map(
  (
    [
      ["muhammad", ["mohammed", "mohamed", "muhammad", "mohammad", "muhammed", "mohamad", "mohammed", "muhamed"]],
      ["ahmad", ["ahmed", "ahmad"]],
      ["yusuf", ["yousef", "yusuf", "youssef", "yousuf", "yusef", "youssouf"]],
      ["husain", ["hussain", "hussein", "husain", "husein"]],
    ] as const
  ).flatMap(([kept, forms]) => forms.map((form) => [form, kept] as const)),
);

/** Abdul/Abdel/Abd are one prefix, written apart ("Abdul Rahman") or joined ("Abdulrahman"). */
const ABD_PREFIX = /^abd(?:ul|el|al)?/u;

/** One word of a Latin-script name in its folded form. */
function foldWord(word: string): string {
  const spelled = SPELLINGS.get(word);
  if (spelled) return spelled;
  return (
    word
      .replace(ABD_PREFIX, "abd")
      // Mansoori, Mansouri and Mansuri; Yousef and Yusef.
      .replace(/oo|ou/gu, "u")
      // Mansoori / Mansooree / Mansoorei: a final ee or ei is a final i.
      .replace(/(?:ee|ei)$/u, "i")
  );
}

/**
 * A name as the duplicate check compares it: case, spaces, hyphens and dots ignored, the article
 * dropped, common spellings of the same Arabic name made one, and Arabic letters folded as the
 * search box folds them (app/domain/arabic.ts). Empty when nothing is left.
 */
export function foldName(name: string): string {
  const words = normaliseArabic(
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/gu, "")
      .toLowerCase(),
  )
    .split(/[\s.\-_'’]+/u)
    .filter((word) => word && !ARTICLES.has(word));
  return words.map(foldWord).join("");
}

/** An Arabic name as the check compares it: letters folded as the search does, spaces ignored. */
export function foldArabicName(name: string): string {
  return normaliseArabic(name.toLowerCase()).replace(/[\s.\-_]+/gu, "");
}

/** The stored keys of one client: null where the client gives nothing to compare. */
export type DuplicateKeys = {
  dupEmiratesIdKey: string | null;
  dupEmailKey: string | null;
  dupNameKey: string | null;
  dupArabicNameKey: string | null;
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The keys of a client's fields: each a whole match, so one index lookup answers "who else has it". */
export function duplicateKeys(c: {
  fullName: string;
  fullNameAr: string | null;
  email: string | null;
  emiratesId: string | null;
  dateOfBirth: Date | null;
}): DuplicateKeys {
  // An Emirates ID is 15 digits, written with or without hyphens; anything shorter is no ID to match.
  const idDigits = (c.emiratesId ?? "").replace(/\D/gu, "");
  const email = (c.email ?? "").trim().toLowerCase();
  const name = foldName(c.fullName);
  const arabicName = foldArabicName(c.fullNameAr ?? "");
  const day = c.dateOfBirth ? isoDay(c.dateOfBirth) : null;
  return {
    dupEmiratesIdKey: idDigits.length >= 15 ? idDigits : null,
    dupEmailKey: email.includes("@") ? email : null,
    dupNameKey: name && day ? `${name}|${day}` : null,
    dupArabicNameKey: arabicName && day ? `${arabicName}|${day}` : null,
  };
}

/** The key columns as a write stores them, with the version of the rules that made them. */
export function duplicateKeyColumns(
  c: Parameters<typeof duplicateKeys>[0],
): DuplicateKeys & { dupKeysVersion: number } {
  return { ...duplicateKeys(c), dupKeysVersion: DUP_KEYS_VERSION };
}

const KEY_OF_REASON: Readonly<Record<DuplicateReason, keyof DuplicateKeys>> = {
  emirates_id: "dupEmiratesIdKey",
  email: "dupEmailKey",
  name_birth_date: "dupNameKey",
  arabic_name_birth_date: "dupArabicNameKey",
};

/** Why two clients may be the same person, strongest first; empty when they share no key. */
export function duplicateReasons(a: DuplicateKeys, b: DuplicateKeys): DuplicateReason[] {
  return DUPLICATE_REASONS.filter((reason) => {
    const key = KEY_OF_REASON[reason];
    return a[key] !== null && a[key] === b[key];
  });
}

/**
 * How strong a pair is: an Emirates ID is one person's; an email may be shared by a family; a name
 * and a birth date may be two people. The list shows the strongest pairs first.
 */
const WEIGHTS: Readonly<Record<DuplicateReason, number>> = {
  emirates_id: 60,
  email: 25,
  name_birth_date: 20,
  arabic_name_birth_date: 15,
};

/** A pair's score: the sum of its reasons' weights, 0 to 120. */
export function duplicateScore(reasons: readonly DuplicateReason[]): number {
  return reasons.reduce((sum, reason) => sum + WEIGHTS[reason], 0);
}

/** The reasons as stored in one text column ("email,name_birth_date"), and read back. */
export function reasonsColumn(reasons: readonly DuplicateReason[]): string {
  return reasons.join(",");
}

export function reasonsFromColumn(column: string): DuplicateReason[] {
  return column.split(",").filter((r): r is DuplicateReason => (DUPLICATE_REASONS as readonly string[]).includes(r));
}

/** A pair is stored once, the lower id first. */
export function pairOf(a: number, b: number): { lowId: number; highId: number } {
  return a < b ? { lowId: a, highId: b } : { lowId: b, highId: a };
}

/**
 * A key held by more clients than this is a placeholder (the shop's own email, a made-up ID) and
 * says nothing about who is whom: it makes no pairs, or one import would make millions.
 */
export const MAX_HOLDERS_PER_KEY = 25;

export type KeyedClient = DuplicateKeys & { id: number };
export type FoundPair = { lowId: number; highId: number; reasons: DuplicateReason[] };

/**
 * Every pair among `clients` that shares a key, with its reasons strongest first, keyed "low:high".
 * Grouped by key value, so the work grows with the pairs, not with the square of the clients; a key
 * held by more than MAX_HOLDERS_PER_KEY of them makes none. Give every holder of the keys that
 * matter: the count of holders decides what a placeholder is.
 */
export function pairsSharingKeys(clients: readonly KeyedClient[]): Map<string, FoundPair> {
  const pairs = new Map<string, FoundPair>();
  for (const reason of DUPLICATE_REASONS) {
    const column = KEY_OF_REASON[reason];
    const holders = new Map<string, number[]>();
    for (const client of clients) {
      const value = client[column];
      if (value === null) continue;
      const ids = holders.get(value);
      if (ids) ids.push(client.id);
      else holders.set(value, [client.id]);
    }
    for (const ids of holders.values()) {
      if (ids.length < 2 || ids.length > MAX_HOLDERS_PER_KEY) continue;
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const pair = pairOf(ids[i]!, ids[j]!);
          const key = `${pair.lowId}:${pair.highId}`;
          const found = pairs.get(key);
          // Reasons are visited strongest first, so each pair's list keeps that order.
          if (found) {
            if (!found.reasons.includes(reason)) found.reasons.push(reason);
          } else pairs.set(key, { ...pair, reasons: [reason] });
        }
    }
  }
  return pairs;
}
