import { db } from "~/db.server";
import { consentsOf, isChannelWithdrawn, withdrawnReason } from "~/domain/consent";
import { lastContactLabel } from "~/domain/contact-recency";
import { inClientBook } from "./client-book.server";
import { CONSENT_SELECT } from "./consent.server";

/** What every alert and lead shows about contacting the client. */
export type ContactFacts = {
  /** Why the WhatsApp button is off (consent withdrawn), or null. */
  whatsappBlocked: string | null;
  /** ISO time of the latest contact, or null. */
  lastContactAt: string | null;
  /** Who made it. */
  lastContactBy: string | null;
  /** "WhatsApp 2 days ago · Reem". */
  lastContactLabel: string | null;
};

export const NO_CONTACT_FACTS: ContactFacts = {
  whatsappBlocked: null,
  lastContactAt: null,
  lastContactBy: null,
  lastContactLabel: null,
};

/**
 * Contact facts for a set of clients: one primary-key lookup of the denormalised last-contact and
 * consent columns, and one for the names of who made those contacts.
 */
export async function contactFactsFor(clientIds: readonly number[], now: Date = new Date()) {
  const facts = new Map<number, ContactFacts>();
  if (clientIds.length === 0) return facts;
  const rows = await db.client.findMany({
    where: { id: { in: [...new Set(clientIds)] } },
    select: { id: true, lastContactAt: true, lastContactType: true, lastContactById: true, ...CONSENT_SELECT },
  });
  const userIds = [...new Set(rows.map((r) => r.lastContactById).filter((v): v is string => v !== null))];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  for (const r of rows) {
    const byName = r.lastContactById ? (names.get(r.lastContactById) ?? null) : null;
    facts.set(r.id, {
      whatsappBlocked: isChannelWithdrawn(consentsOf(r), "whatsapp") ? withdrawnReason("whatsapp") : null,
      lastContactAt: r.lastContactAt?.toISOString() ?? null,
      lastContactBy: byName,
      lastContactLabel: r.lastContactAt
        ? lastContactLabel({ at: r.lastContactAt, type: r.lastContactType, byName }, now)
        : null,
    });
  }
  return facts;
}

/** Adds the contact facts to each item of some lists (alerts, leads) keyed by client id. */
export async function withContactFacts<T, K extends string>(
  lists: Record<K, T[]>,
  clientIdOf: (item: T) => number,
  now: Date = new Date(),
): Promise<Record<K, (T & ContactFacts)[]>> {
  const all = Object.values<T[]>(lists).flat();
  const facts = await contactFactsFor(all.map(clientIdOf), now);
  return Object.fromEntries(
    Object.entries<T[]>(lists).map(([key, items]) => [
      key,
      items.map((item) => ({ ...item, ...(facts.get(clientIdOf(item)) ?? NO_CONTACT_FACTS) })),
    ]),
  ) as Record<K, (T & ContactFacts)[]>;
}

/** What the tracked WhatsApp route needs of a client in the book, or null. */
export async function getWhatsAppTarget(clientId: number) {
  const row = await db.client.findFirst({
    where: inClientBook({ id: clientId }),
    select: { id: true, fullName: true, mobileNumber: true, ...CONSENT_SELECT },
  });
  return row && { ...row, consents: consentsOf(row) };
}
