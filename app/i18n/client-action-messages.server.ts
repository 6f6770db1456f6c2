import type { TFunction } from "i18next";
import { ALREADY_ERASED, ERASED_CLIENT_REFUSAL, NAME_MISMATCH } from "~/domain/client-erasure";
import { FAMILY_MESSAGES } from "~/domain/family";
import type { Message } from "~/domain/messages";
import { say } from "./messages";

/**
 * The English messages the client book's schemas and services write (shared with the JSON API, which
 * stays English, decision 008), as the action dialogs show them: the catalog key of each exact text,
 * and the few texts that carry a value read back into one. English catalog texts equal the originals
 * (client-action-messages.server.test.ts), so an English page reads exactly as before.
 */
const EXACT_KEYS: Record<string, string> = {
  [NAME_MISMATCH]: "clientActions:erase.errors.nameMismatch",
  [ALREADY_ERASED]: "clientActions:erase.errors.alreadyErased",
  [ERASED_CLIENT_REFUSAL]: "clientActions:erased.refusal",
  "Choose whatsapp, call, email or sms": "clientActions:consent.errors.channel",
  "Choose granted, withdrawn or unknown": "clientActions:consent.errors.status",
  "Choose in_store, phone, whatsapp, import or form": "clientActions:consent.errors.source",
  [FAMILY_MESSAGES.relation]: "clientActions:family.errors.relation",
  [FAMILY_MESSAGES.name]: "clientActions:family.errors.name",
  [FAMILY_MESSAGES.birthDate]: "clientActions:family.errors.birthDate",
  [FAMILY_MESSAGES.birthDateFuture]: "clientActions:family.errors.birthDateFuture",
  [FAMILY_MESSAGES.tooMany]: "clientActions:family.errors.tooMany",
  "Family member not found": "clientActions:family.memberNotFound",
  "Choose whatsapp, call, visit, email or note": "clientActions:interactions.errors.type",
  "Give the time as an ISO date and time": "clientActions:interactions.errors.at",
  "A contact cannot be in the future": "clientActions:interactions.errors.future",
  "Pick the day to follow up": "clientActions:followUp.errors.pickDay",
  "Enter a date as YYYY-MM-DD": "clientActions:followUp.errors.dateFormat",
  "Pick today or a later day": "clientActions:followUp.errors.todayOrLater",
  "Expected text": "clientActions:sale.errors.expectedText",
  "Choose a category: ring, bangle, bracelet, necklace, pendant, earrings, set, watch, coin_bar, other":
    "clientActions:sale.errors.category",
  "Choose a karat: 18, 21, 22, 24 or none": "clientActions:sale.errors.karat",
  "Enter the weight in grams with up to 3 decimals, e.g. 32.405": "clientActions:sale.errors.weight",
  "Enter the carats with up to 2 decimals, e.g. 1.02": "clientActions:sale.errors.carats",
  "Enter the price in AED as digits with up to 2 decimals, e.g. 1250.50": "clientActions:sale.errors.price",
  "Enter the sale date as YYYY-MM-DD": "clientActions:sale.errors.saleDate",
  "The sale date cannot be in the future": "clientActions:sale.errors.saleDateFuture",
  "Enter the amount in AED as digits with up to 2 decimals, e.g. 1250.50": "clientActions:sale.errors.amount",
  "Choose a showroom: dubai_gold_souk, dubai_mall, abu_dhabi, sharjah, al_ain, online, road_sales":
    "clientActions:sale.errors.showroom",
  "Send the items as a list": "clientActions:sale.errors.itemsList",
  "At most 50 items in one sale": "clientActions:sale.errors.tooManyItems",
  "A sale must be above AED 0: enter the amount or the items' prices": "clientActions:sale.errors.aboveZero",
  "Choose the showroom of the invoice: invoice numbers are unique per showroom":
    "clientActions:sale.errors.invoiceShowroom",
  "Give the reason for the void": "clientActions:voidSale.errors.reason",
  "Select at least one client": "clientActions:owner.errors.selectOne",
  "The owner must be an active user": "clientActions:owner.errors.inactive",
  "Client not found": "clientActions:owner.errors.notFound",
  "Only an admin or the client's owner can reassign a client": "clientActions:owner.errors.notAllowed",
};

const PATTERNS: [RegExp, (t: TFunction, match: RegExpMatchArray) => string][] = [
  [/^At most (\d+) characters$/, (t, [, max]) => t("clientActions:tooLong", { count: Number(max) })],
  [
    /^Keep the note under (\d+) characters$/,
    (t, [, max]) => t("clientActions:followUp.errors.noteTooLong", { count: Number(max) }),
  ],
  [/^Choose one of: (.+)$/, (t, [, choices]) => t("clientActions:sale.errors.chooseOne", { choices })],
  [
    /^The amount must be the sum of the items \(AED ([\d.]+)\), or left out$/,
    (t, [, amount]) => t("clientActions:sale.errors.amountNotSum", { amount }),
  ],
];

/** A schema's or service's English message in the page's language; an unknown one as it is. */
export function clientActionMessage(t: TFunction, message: Message | string): string {
  if (typeof message !== "string") return say(t, message);
  const key = EXACT_KEYS[message];
  if (key) return t(key);
  for (const [pattern, text] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return text(t, match);
  }
  return message;
}

/** The first problem of a refused small form, for the error toast. */
export function firstIssueText(t: TFunction, error: { issues: { message: string }[] }): string {
  const message = error.issues[0]?.message;
  return message ? clientActionMessage(t, message) : t("clientActions:checkForm");
}
