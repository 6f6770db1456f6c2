import { createHash } from "node:crypto";
import { db } from "~/db/db.server";
import { CLIENT_LANGUAGES, type ClientLanguage } from "~/domain/client-enums";
import {
  MESSAGE_OCCASION_KEYS,
  MESSAGE_OCCASIONS,
  messageBook,
  type MessageBook,
  type MessageOccasion,
} from "~/domain/message-templates";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "./audit.server";
import { readUntilWritten } from "~/cache/kept-reads.server";

/**
 * The WhatsApp message templates an admin rewords on /profile/messages
 * (docs/decisions/022-arabic-names-and-message-templates.md). A row exists only for a text that
 * differs from the default, so a default improved in the code reaches every text nobody changed.
 */

/** The columns a client's message is written from: the names and the language. */
export const MESSAGE_RECIPIENT_SELECT = { fullName: true, fullNameAr: true, preferredLanguage: true } as const;

/** Every occasion's text in every language, read once per request by the alert and lead builders. */
export function loadMessageBook(): Promise<MessageBook> {
  // Read for every dashboard, whose alerts and My day are mostly kept (decision 031): so is the book.
  return readUntilWritten("message-book", async () =>
    messageBook(await db.messageTemplate.findMany({ select: { occasion: true, language: true, body: true } })),
  );
}

/** A text as the settings page shows it: the current wording and whether it is the default. */
export type MessageTemplateView = {
  occasion: MessageOccasion;
  language: ClientLanguage;
  body: string;
  isDefault: boolean;
};

/** Every text, and a version that changes whenever one of them does. */
export async function listMessageTemplates(): Promise<{ templates: MessageTemplateView[]; version: string }> {
  const book = await loadMessageBook();
  const templates = MESSAGE_OCCASION_KEYS.flatMap((occasion) =>
    CLIENT_LANGUAGES.map((language) => {
      const body = book[occasion][language];
      return { occasion, language, body, isDefault: body === MESSAGE_OCCASIONS[occasion].defaults[language] };
    }),
  );
  const version = createHash("sha256")
    .update(JSON.stringify(templates.map((t) => t.body)))
    .digest("hex")
    .slice(0, 16);
  return { templates, version };
}

/** The key a text goes by in the audit log and the settings form: "birthday_today.ar". */
export const templateKey = (occasion: MessageOccasion, language: ClientLanguage) => `${occasion}.${language}`;

type Change = { actor: NonNullable<AuditActor>; ip: string | null };

/**
 * Saves validated texts (app/domain/message-templates.ts checked their placeholders): a text equal
 * to its default removes the stored row. Audited with the keys that changed, not the wording.
 */
export async function saveMessageTemplates(
  texts: readonly { occasion: MessageOccasion; language: ClientLanguage; body: string }[],
  change: Change,
): Promise<string[]> {
  const current = await loadMessageBook();
  const changed = texts
    .map((t) => ({ ...t, body: t.body.trim() }))
    .filter((t) => t.body !== current[t.occasion][t.language]);
  if (changed.length === 0) return [];
  await db.$transaction(async (tx) => {
    for (const t of changed) {
      const key = { occasion_language: { occasion: t.occasion, language: t.language } };
      if (t.body === MESSAGE_OCCASIONS[t.occasion].defaults[t.language])
        await tx.messageTemplate.deleteMany({ where: { occasion: t.occasion, language: t.language } });
      else
        await tx.messageTemplate.upsert({
          where: key,
          create: { occasion: t.occasion, language: t.language, body: t.body, updatedById: change.actor.id },
          update: { body: t.body, updatedById: change.actor.id },
        });
    }
    await writeAudit(
      {
        actor: change.actor,
        action: AUDIT_ACTIONS.messageTemplatesChanged,
        details: { changed: changed.map((t) => templateKey(t.occasion, t.language)) },
        ip: change.ip,
      },
      tx,
    );
  });
  return changed.map((t) => templateKey(t.occasion, t.language));
}

/** Puts one text back to its default; false when it already was. */
export async function resetMessageTemplate(
  occasion: MessageOccasion,
  language: ClientLanguage,
  change: Change,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.messageTemplate.deleteMany({ where: { occasion, language } });
    if (count === 0) return false;
    await writeAudit(
      {
        actor: change.actor,
        action: AUDIT_ACTIONS.messageTemplatesChanged,
        details: { reset: templateKey(occasion, language) },
        ip: change.ip,
      },
      tx,
    );
    return true;
  });
}
