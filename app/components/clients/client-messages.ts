import type { TFunction } from "i18next";
import { CLIENT_FIELD_NAMES, jsonName, type SALE_FIELDS, type ClientFieldName } from "~/domain/client-fields";
import { FIELD_LABEL_KEYS } from "~/i18n/label-keys";

/** A field's path in a message (its JSON name) to its label's key. */
const PATH_KEYS: Record<string, string> = {
  ...Object.fromEntries(CLIENT_FIELD_NAMES.map((name: ClientFieldName) => [jsonName(name), FIELD_LABEL_KEYS[name]])),
  ...({
    newSaleAmount: "clientForm:newSaleAmount",
    newSaleDate: "clientForm:newSaleDate",
    newSaleDescription: "clientForm:newSaleDescription",
  } satisfies Record<(typeof SALE_FIELDS)[number], string>),
};

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
