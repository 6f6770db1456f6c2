import { isoFromDate, monthDayOf, type IsoDate } from "~/domain/calendar";
import {
  CLIENT_FIELD_NAMES,
  clientField,
  EXPORTED_FIELDS,
  jsonName,
  MASKED_FIELDS,
  TABLE_FIELDS,
  type ClientFieldKind,
  type ClientFieldName,
  type ClientJsonName,
  type ExportedFieldName,
  type FieldValue,
} from "~/domain/client-fields";
import { maskedValue, seesInFull } from "~/domain/client-privacy";
import { duplicateKeyColumns } from "~/domain/duplicate-keys";
import { clientSearchText } from "~/domain/client-search";
import { nameSortKey } from "~/domain/client-sort";
import type { Role } from "~/domain/roles";
import { consentsOf, type ClientConsents } from "~/domain/consent";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { listFromColumn, preferredMetalsOf, preferredStonesOf } from "~/domain/preferences";
import { nameOfKey, type ShopChoice } from "~/domain/shop-lists";
import { tierForTotal, type Tier } from "~/domain/tiers";
import type { Client, Prisma } from "~/generated/prisma/client";
import { CONSENT_SELECT } from "./consent.server";
import {
  FAMILY_MEMBER_ORDER,
  FAMILY_MEMBER_SELECT,
  familyMemberJson,
  type FamilyMemberJson,
} from "./client-family.server";

/**
 * A client as the services read it and as the API carries it. The columns come from the field
 * registry (app/domain/client-fields.ts) plus the few the system keeps itself.
 */

/** Columns that are not client fields: keys, bookkeeping, and values derived from the fields. */
type SystemColumn =
  | "id"
  | "tier"
  | "source"
  | "createdAt"
  | "updatedAt"
  | "searchText"
  | "nameSortKey"
  | "birthMonthDay"
  | "anniversaryMonthDay"
  // The duplicate check's keys (app/domain/duplicate-keys.ts), derived like the search text.
  | "dupEmiratesIdKey"
  | "dupEmailKey"
  | "dupNameKey"
  | "dupArabicNameKey"
  | "dupKeysVersion"
  | "createdById"
  | "deletedAt"
  | "deletedById"
  // Erasure (client-erasure.server.ts) wipes the fields in place and says when.
  | "erasedAt"
  | "erasedById"
  // Kept by their own services: the owner (client-owners), the last contact (interactions) and the
  // current consent per channel (consent), each with its own rules and audit.
  | "ownerId"
  | "lastContactAt"
  | "lastContactType"
  | "lastContactById"
  | "consentWhatsapp"
  | "consentCall"
  | "consentEmail"
  | "consentSms"
  // A merged-away client's pointer to the kept one (client-merge, docs/decisions/047-client-merge.md).
  | "mergedIntoId"
  | "mergedAt";

/**
 * Compile-time check that the registry and the Customer table agree: a column added to
 * schema.prisma without a registry entry, or an entry without a column, fails to typecheck here.
 */
type Unregistered = Exclude<keyof Client, ClientFieldName | SystemColumn>;
type NotAColumn = Exclude<ClientFieldName, keyof Client>;
type MustBeEmpty<T extends never> = T;
export type RegistryMatchesTable = [MustBeEmpty<Unregistered>, MustBeEmpty<NotAColumn>];

const selectOf = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };

const OWNER_COLUMNS = { ownerId: true, owner: { select: { name: true } } } as const satisfies Prisma.ClientSelect;

const TABLE_COLUMNS = {
  id: true,
  tier: true,
  ...selectOf(TABLE_FIELDS),
  ...OWNER_COLUMNS,
  consentWhatsapp: true,
} satisfies Prisma.ClientSelect;

export const ALL_COLUMNS = {
  ...selectOf(CLIENT_FIELD_NAMES),
  id: true,
  tier: true,
  source: true,
  createdAt: true,
  updatedAt: true,
  erasedAt: true,
  ...OWNER_COLUMNS,
  ...CONSENT_SELECT,
  familyMembers: { select: FAMILY_MEMBER_SELECT, orderBy: FAMILY_MEMBER_ORDER },
} satisfies Prisma.ClientSelect;

/** The columns the client book's export reads: every exported field of the registry, the id, tier and owner. */
export const EXPORT_COLUMN_NAMES = ["id", "tier", "ownerId", ...EXPORTED_FIELDS] as const;
export type ClientExportRow = Pick<Client, "id" | "tier" | ExportedFieldName> & { owner: { name: string } | null };

export { TABLE_COLUMNS };
export type ClientTableRow = Prisma.ClientGetPayload<{ select: typeof TABLE_COLUMNS }>;
export type ClientRecord = Prisma.ClientGetPayload<{ select: typeof ALL_COLUMNS }>;

/**
 * The columns derived from others, recomputed on every write so lists, search and reminders can
 * use indexes: searchText, the name the book sorts by, tier (from total sales), the month-day
 * keys of the yearly occasions and the duplicate check's keys (app/domain/duplicate-keys.ts).
 */
export function clientDerivedFields(c: {
  fullName: string;
  fullNameAr: string | null;
  mobileNumber: string;
  email: string | null;
  emiratesId: string | null;
  totalSalesFils: Fils;
  dateOfBirth: Date | null;
  anniversaryDate: Date | null;
}): {
  searchText: string;
  nameSortKey: string;
  tier: Tier;
  birthMonthDay: number | null;
  anniversaryMonthDay: number | null;
} & ReturnType<typeof duplicateKeyColumns> {
  return {
    ...duplicateKeyColumns(c),
    searchText: clientSearchText(c),
    nameSortKey: nameSortKey(c.fullName),
    tier: tierForTotal(c.totalSalesFils),
    birthMonthDay: c.dateOfBirth ? monthDayOf(c.dateOfBirth) : null,
    anniversaryMonthDay: c.anniversaryDate ? monthDayOf(c.anniversaryDate) : null,
  };
}

/** What customerDerivedFields reads, for a select. */
export const DERIVED_FROM = {
  fullName: true,
  fullNameAr: true,
  mobileNumber: true,
  email: true,
  emiratesId: true,
  totalSalesFils: true,
  dateOfBirth: true,
  anniversaryDate: true,
} as const satisfies Prisma.ClientSelect;

/** Who is looking at a client: their role decides what shows masked (docs/privacy.md). */
export type Viewer = { id: string; role: Role };

declare const shownTo: unique symbol;
/**
 * A client row made fit for a viewer by `forViewer`. The JSON builder and the list's rows take
 * only this type, so no route can hand a client to a browser or an API caller unmasked.
 */
export type Visible<T> = T & { readonly [shownTo]: Role };

/**
 * The one place protected fields are masked: every client row a page or the API shows passes
 * here (the registry's `mask`, app/domain/client-fields.ts). An admin's row is returned as it is.
 */
export function forViewer<T extends object>(row: T, viewer: Pick<Viewer, "role">): Visible<T> {
  if (seesInFull(viewer.role)) return row as Visible<T>;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const name of MASKED_FIELDS) {
    if (!(name in out)) continue;
    const value = out[name];
    out[name] = maskedValue(clientField(name).mask!, typeof value === "string" ? value : null, viewer.role);
  }
  return out as Visible<T>;
}

/** A column's value in JSON: calendar days as YYYY-MM-DD, money as a decimal string, the rest as stored. */
type JsonValue<T> = T extends Date ? IsoDate : T extends bigint ? string : T;

/** A list field is a JSON array (empty when none), whatever its column stores. */
type FieldJson<K extends ClientFieldName> =
  FieldValue<K> extends readonly unknown[] ? FieldValue<K> : JsonValue<Client[K]>;

export type ClientJson = {
  id: number;
  tier: string;
  source: string;
  createdAt: string;
  updatedAt: string;
  /** When the client's personal fields were erased; null for everyone else. */
  erasedAt: string | null;
  ownerId: string | null;
  ownerName: string | null;
  /** The team's English name (the key is `team`); the key itself when no team row has it. */
  teamName: string | null;
  consent: ClientConsents;
  familyMembers: FamilyMemberJson[];
} & {
  [K in ClientFieldName as ClientJsonName<K>]: FieldJson<K>;
};

function jsonValue(kind: ClientFieldKind, value: unknown): unknown {
  if (kind === "metals") return preferredMetalsOf(value as string | null);
  if (kind === "stones") return preferredStonesOf(value as string | null);
  if (kind === "tags") return listFromColumn(value as string | null);
  if (value === null) return null;
  if (kind === "date") return isoFromDate(value as Date);
  if (kind === "money") return filsToDecimalString(value as Fils);
  return value;
}

/**
 * A client as the API carries it: every registry field under its JSON name, plus id, tier, source,
 * times (with the erasure's, if any), the owner, the current consent per channel and the family
 * (docs/decisions/019).
 */
export function clientJson(c: Visible<ClientRecord>, teams: readonly ShopChoice[] = []): ClientJson {
  const out: Record<string, unknown> = { id: c.id };
  for (const name of CLIENT_FIELD_NAMES) out[jsonName(name)] = jsonValue(clientField(name).kind, c[name]);
  Object.assign(out, {
    tier: c.tier,
    source: c.source,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    erasedAt: c.erasedAt?.toISOString() ?? null,
    ownerId: c.ownerId,
    ownerName: c.owner?.name ?? null,
    teamName: nameOfKey(teams, c.team, "en"),
    consent: consentsOf(c),
    familyMembers: c.familyMembers.map(familyMemberJson),
  });
  return out as ClientJson;
}
