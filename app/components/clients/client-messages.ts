import type { TFunction } from "i18next";
import { CLIENT_FIELD_NAMES, jsonName, type SALE_FIELDS, type ClientFieldName } from "~/domain/client-fields";
import { CLIENT_MESSAGES } from "~/domain/client-input";
import {
  BUDGET_BANDS,
  PREFERRED_METALS,
  PREFERRED_STONES,
  SIZE_MAX,
  STYLE_TAG_MAX,
  STYLE_TAGS_MAX,
} from "~/domain/preferences";
import { BUDGET_BAND_KEYS, FIELD_LABEL_KEYS, METAL_KEYS, STONE_KEYS } from "~/i18n/label-keys";
import { say } from "~/i18n/messages";

/*
 * The client rules write their messages in English: the same schema answers /api/clients, whose JSON
 * keeps English (docs/decisions/008, 021). The forms show them through these keys, mapped from the
 * English text where the page shows them; a message not known here is shown as it came.
 */

const MESSAGE_KEYS: Record<keyof typeof CLIENT_MESSAGES, string> = {
  nameRequired: "clientForm:messages.nameRequired",
  mobileRequired: "clientForm:messages.mobileRequired",
  mobileInvalid: "clientForm:messages.mobileInvalid",
  countryInvalid: "clientForm:messages.countryInvalid",
  emirateRequired: "clientForm:messages.emirateRequired",
  teamRequired: "clientForm:messages.teamRequired",
  amountInvalid: "clientForm:messages.amountInvalid",
  saleAmountInvalid: "clientForm:messages.saleAmountInvalid",
  purchaseDateRequired: "clientForm:messages.purchaseDateRequired",
  dateInvalid: "clientForm:messages.dateInvalid",
  emailInvalid: "clientForm:messages.emailInvalid",
  anniversaryTypeInvalid: "clientForm:messages.anniversaryTypeInvalid",
  contactOkInvalid: "clientForm:messages.contactOkInvalid",
  languageInvalid: "clientForm:messages.languageInvalid",
  tooLong: "clientForm:messages.tooLong",
  sizeInvalid: "clientForm:messages.sizeInvalid",
  metalsInvalid: "clientForm:messages.metalsInvalid",
  stonesInvalid: "clientForm:messages.stonesInvalid",
  stylesInvalid: "clientForm:messages.stylesInvalid",
  styleTooLong: "clientForm:messages.styleTooLong",
  tooManyStyles: "clientForm:messages.tooManyStyles",
  budgetBandInvalid: "clientForm:messages.budgetBandInvalid",
};

const MESSAGE_BY_TEXT = new Map(
  Object.entries(CLIENT_MESSAGES).map(([name, text]) => [text as string, name as keyof typeof CLIENT_MESSAGES]),
);

/** A field's path in a message (its JSON name) to its label's key. */
const PATH_KEYS: Record<string, string> = {
  ...Object.fromEntries(CLIENT_FIELD_NAMES.map((name: ClientFieldName) => [jsonName(name), FIELD_LABEL_KEYS[name]])),
  ...({
    newSaleAmount: "clientForm:newSaleAmount",
    newSaleDate: "clientForm:newSaleDate",
    newSaleDescription: "clientForm:newSaleDescription",
  } satisfies Record<(typeof SALE_FIELDS)[number], string>),
};

function ruleMessage(name: keyof typeof CLIENT_MESSAGES, t: TFunction): string {
  const separator = t("clientForm:messages.fieldSeparator");
  switch (name) {
    case "sizeInvalid":
      return t(MESSAGE_KEYS[name], { max: SIZE_MAX });
    case "metalsInvalid":
      return t(MESSAGE_KEYS[name], { choices: PREFERRED_METALS.map((m) => t(METAL_KEYS[m])).join(separator) });
    case "stonesInvalid":
      return t(MESSAGE_KEYS[name], { choices: PREFERRED_STONES.map((s) => t(STONE_KEYS[s])).join(separator) });
    case "styleTooLong":
      return t(MESSAGE_KEYS[name], { max: STYLE_TAG_MAX });
    case "tooManyStyles":
      return t(MESSAGE_KEYS[name], { max: STYLE_TAGS_MAX });
    case "budgetBandInvalid":
      return t(MESSAGE_KEYS[name], { choices: BUDGET_BANDS.map((b) => t(BUDGET_BAND_KEYS[b])).join("; ") });
    default:
      return t(MESSAGE_KEYS[name]);
  }
}

/** A message of the client rules or the client service in the page's language. */
export function clientMessageText(message: string, t: TFunction): string {
  const rule = MESSAGE_BY_TEXT.get(message);
  if (rule) return ruleMessage(rule, t);
  // A code (a schema's), or a text already said (the service's refusals, said by the action) as it is.
  return say(t, message);
}

/**
 * docs/product-rules.md §8's 'Validation failed for: …' in `t`'s language: English names the fields by their
 * JSON names (as /api/clients does, validationFailedMessage), Arabic by their labels.
 */
export function validationFailedText(issues: readonly { path: string }[], t: TFunction): string {
  const paths = [...new Set(issues.map((issue) => issue.path))];
  return t("clientForm:messages.validationFailed", {
    paths: paths.join(", "),
    fields: paths
      .map((path) => (PATH_KEYS[path] ? t(PATH_KEYS[path]) : path))
      .join(t("clientForm:messages.fieldSeparator")),
  });
}
