import type { TFunction } from "i18next";
import type { Message } from "~/domain/messages";
import { say } from "./messages";

/** A pending setup (its QR, key and the service's words) with the words in the page's language. */
export function setupInLanguage<T extends { message: Message; note: Message }>(
  t: TFunction,
  setup: T | null,
): (Omit<T, "message" | "note"> & { message: string; note: string }) | null {
  return setup && { ...setup, message: say(t, setup.message), note: say(t, setup.note) };
}
