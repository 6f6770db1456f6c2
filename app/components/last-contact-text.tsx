import type { Message } from "~/domain/messages";
import { Said } from "./said";

/**
 * A last contact ("WhatsApp 2 days ago · Reem") in the page's language, from its words
 * (app/domain/contact-recency.ts); a lead saved before words is shown as its label was written.
 */
export function LastContactText({ words, label }: { words: Message | null; label: string }) {
  return <Said words={words ? [words] : null} text={label} />;
}
