import { COUNTRY_KEYS, EMIRATE_KEYS } from "~/i18n/label-keys";

/** A lead's location: an emirate, all of the UAE, or a country, named as the client book names them. */
export const LOCATION_KEYS: Record<string, string> = { ...EMIRATE_KEYS, ...COUNTRY_KEYS };
