import type { TFunction } from "i18next";
import type { Message } from "~/domain/messages";
import { say } from "./messages";

const NUMBERED_DEVICE = /^Authenticator (\d+)$/;

/** A device's name: the numbered ones the app gives ("Authenticator 2") in the page's language, others as stored. */
export function deviceLabel(t: TFunction, label: string): string {
  const match = NUMBERED_DEVICE.exec(label);
  return match ? t("account:devices.numbered", { n: match[1] }) : label;
}

/** A pending setup (its QR, key and the service's words) with the words in the page's language. */
export function setupInLanguage<T extends { message: Message; note: Message }>(
  t: TFunction,
  setup: T | null,
): (Omit<T, "message" | "note"> & { message: string; note: string }) | null {
  return setup && { ...setup, message: say(t, setup.message), note: say(t, setup.note) };
}
