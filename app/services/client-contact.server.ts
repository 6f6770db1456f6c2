import { db } from "~/db/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { consentsOf, isChannelWithdrawn, withdrawnReason } from "~/domain/consent";
import { lastContactWords } from "~/domain/contact-recency";
import type { Message } from "~/domain/messages";
import { english } from "~/i18n/english.server";
import { inClientBook } from "./client-book.server";
import { MESSAGE_RECIPIENT_SELECT } from "./message-templates.server";
import { CONSENT_SELECT } from "./consent.server";

/** What every alert and lead shows about contacting the client. */
export type ContactFacts = {
  /** Why the WhatsApp button is off (consent withdrawn), or null. */
  whatsappBlocked: string | null;
  /** ISO time of the latest contact, or null. */
  lastContactAt: string | null;
  /** Who made it. */
  lastContactBy: string | null;
  /** The last contact in words, for a page to say in its language. */
  lastContactWords: Message | null;
};

export const NO_CONTACT_FACTS: ContactFacts = {
  whatsappBlocked: null,
  lastContactAt: null,
  lastContactBy: null,
  lastContactWords: null,
};

/**
 * The client-row columns contact facts are made of (last contact and consent are kept on the row):
 * a list that already reads its clients selects these with them instead of a second lookup.
 */
export const CONTACT_FACT_SELECT = {
  id: true,
  lastContactAt: true,
  lastContactType: true,
  lastContactById: true,
  ...CONSENT_SELECT,
} as const satisfies Prisma.ClientSelect;
export type ContactFactRow = Prisma.ClientGetPayload<{ select: typeof CONTACT_FACT_SELECT }>;

/** Contact facts from client rows that carry CONTACT_FACT_SELECT: one lookup, of who made the contacts. */
export async function contactFactsOf(rows: readonly ContactFactRow[], now: Date = new Date()) {
  const facts = new Map<number, ContactFacts>();
  const userIds = [...new Set(rows.map((r) => r.lastContactById).filter((v): v is string => v !== null))];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  for (const r of rows) {
    const byName = r.lastContactById ? (names.get(r.lastContactById) ?? null) : null;
    const words = r.lastContactAt
      ? lastContactWords({ at: r.lastContactAt, type: r.lastContactType, byName }, now)
      : null;
    facts.set(r.id, {
      whatsappBlocked: isChannelWithdrawn(consentsOf(r), "whatsapp") ? withdrawnReason("whatsapp") : null,
      lastContactAt: r.lastContactAt?.toISOString() ?? null,
      lastContactBy: byName,
      lastContactWords: words,
    });
  }
  return facts;
}

/**
 * The last contact in English, as the JSON API says it ("WhatsApp 2 days ago · Reem"). Written only
 * where JSON is answered: the pages say `lastContactWords` in their own language.
 */
export function lastContactLabel(facts: Pick<ContactFacts, "lastContactWords">): string | null {
  return facts.lastContactWords && english(facts.lastContactWords);
}

/** Contact facts for clients known only by id (leads): one primary-key lookup, then contactFactsOf. */
export async function contactFactsFor(clientIds: readonly number[], now: Date = new Date()) {
  if (clientIds.length === 0) return new Map<number, ContactFacts>();
  const rows = await db.client.findMany({
    where: { id: { in: [...new Set(clientIds)] } },
    select: CONTACT_FACT_SELECT,
  });
  return contactFactsOf(rows, now);
}

/** Adds contact facts to each item of some lists (alerts) keyed by client id. */
export function withContactFacts<T, K extends string>(
  lists: Record<K, T[]>,
  clientIdOf: (item: T) => number,
  facts: ReadonlyMap<number, ContactFacts>,
): Record<K, (T & ContactFacts)[]> {
  return Object.fromEntries(
    Object.entries<T[]>(lists).map(([key, items]) => [
      key,
      items.map((item) => ({ ...item, ...(facts.get(clientIdOf(item)) ?? NO_CONTACT_FACTS) })),
    ]),
  ) as Record<K, (T & ContactFacts)[]>;
}

/** Lead cards checked at once: a list is 20 leads (LEAD_COUNT); more ids than this are not read. */
const MOST_CHECKED = 100;

/**
 * Which of these clients may not be sent a WhatsApp now (consent withdrawn since a lead list was
 * made): the ids checked (at most MOST_CHECKED), those withdrawn among them, and those erased (an
 * erasure withdraws every channel), whose leads a browser should forget.
 */
export async function whatsappConsentOf(clientIds: readonly number[]) {
  const checked = [...new Set(clientIds)].slice(0, MOST_CHECKED);
  if (checked.length === 0) return { checked, withdrawn: [], erased: [] };
  const rows = await db.client.findMany({
    where: { id: { in: checked }, consentWhatsapp: "withdrawn" },
    select: { id: true, erasedAt: true },
  });
  return {
    checked,
    withdrawn: rows.map((r) => r.id),
    erased: rows.filter((r) => r.erasedAt !== null).map((r) => r.id),
  };
}

/** What the tracked WhatsApp route needs of a client in the book, or null. */
export async function getWhatsAppTarget(clientId: number) {
  const row = await db.client.findFirst({
    where: inClientBook({ id: clientId }),
    select: { id: true, ...MESSAGE_RECIPIENT_SELECT, mobileNumber: true, ...CONSENT_SELECT },
  });
  return row && { ...row, consents: consentsOf(row) };
}
