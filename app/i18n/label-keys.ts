import type { TFunction } from "i18next";
import type { ClientFieldName } from "~/domain/client-fields";
import type { ANNIVERSARY_TYPES, ClientLanguage, CONTACT_OK, Country, Emirate } from "~/domain/client-enums";
import type { ClientSortKey, SortDirection } from "~/domain/client-sort";
import type { ConsentChannel, ConsentSource, ConsentStatus } from "~/domain/consent";
import type { FamilyRelation } from "~/domain/family";
import type { InteractionType } from "~/domain/interactions";
import type { BudgetBand } from "~/domain/preferences";
import type { Metal, Stone } from "~/domain/sales";
import type { Tier } from "~/domain/tiers";

/*
 * The catalog keys of the stored values the screens show (docs/decisions/021-arabic-and-english.md): the
 * client book, its dialogs, the sales report, the import's messages and the AI Assistant name a tier, team,
 * showroom, category or place through its key here, never as the stored key or the English label of
 * app/domain, so each reads the same everywhere.
 */

export const TIER_KEYS: Record<Tier, string> = {
  diamond: "dashboard:tiers.diamond",
  platinum: "dashboard:tiers.platinum",
  gold: "dashboard:tiers.gold",
  silver: "dashboard:tiers.silver",
  bronze: "dashboard:tiers.bronze",
};

export const COUNTRY_KEYS: Record<Country, string> = {
  uae: "clients:country.uae",
  south_africa: "clients:country.south_africa",
  bahrain: "clients:country.bahrain",
  qatar: "clients:country.qatar",
  kuwait: "clients:country.kuwait",
  saudi_arabia: "clients:country.saudi_arabia",
};

export const EMIRATE_KEYS: Record<Emirate, string> = {
  dubai: "clients:emirate.dubai",
  abu_dhabi: "clients:emirate.abu_dhabi",
  sharjah: "clients:emirate.sharjah",
  ajman: "clients:emirate.ajman",
  al_ain: "clients:emirate.al_ain",
  fujairah: "clients:emirate.fujairah",
  ras_al_khaimah: "clients:emirate.ras_al_khaimah",
  umm_al_quwain: "clients:emirate.umm_al_quwain",
};

export const CLIENT_LANGUAGE_KEYS: Record<ClientLanguage, string> = {
  en: "clients:language.en",
  ar: "clients:language.ar",
};

export const ANNIVERSARY_TYPE_KEYS: Record<(typeof ANNIVERSARY_TYPES)[number], string> = {
  "Wedding Anniversary": "clients:anniversaryType.wedding",
  Graduation: "clients:anniversaryType.graduation",
  "Work Anniversary": "clients:anniversaryType.work",
  "Business Anniversary": "clients:anniversaryType.business",
  "Engagement Anniversary": "clients:anniversaryType.engagement",
  Other: "clients:anniversaryType.other",
};

export const CONTACT_OK_KEYS: Record<(typeof CONTACT_OK)[number], string> = {
  Yes: "clients:contactOk.yes",
  No: "clients:contactOk.no",
};

export const METAL_KEYS: Record<Metal, string> = {
  yellow_gold: "clients:metal.yellow_gold",
  white_gold: "clients:metal.white_gold",
  rose_gold: "clients:metal.rose_gold",
  platinum: "clients:metal.platinum",
  silver: "clients:metal.silver",
  none: "clients:metal.none",
};

export const STONE_KEYS: Record<Stone, string> = {
  none: "clients:stone.none",
  diamond: "clients:stone.diamond",
  ruby: "clients:stone.ruby",
  emerald: "clients:stone.emerald",
  sapphire: "clients:stone.sapphire",
  pearl: "clients:stone.pearl",
  other: "clients:stone.other",
};

export const BUDGET_BAND_KEYS: Record<BudgetBand, string> = {
  under_5k: "clients:budget.under_5k",
  "5k_20k": "clients:budget.5k_20k",
  "20k_50k": "clients:budget.20k_50k",
  "50k_150k": "clients:budget.50k_150k",
  "150k_plus": "clients:budget.150k_plus",
};

export const RELATION_KEYS: Record<FamilyRelation, string> = {
  spouse: "clients:relation.spouse",
  daughter: "clients:relation.daughter",
  son: "clients:relation.son",
  child: "clients:relation.child",
  mother: "clients:relation.mother",
  father: "clients:relation.father",
  other: "clients:relation.other",
};

export const CONSENT_CHANNEL_KEYS: Record<ConsentChannel, string> = {
  whatsapp: "clients:consent.channel.whatsapp",
  call: "clients:consent.channel.call",
  email: "clients:consent.channel.email",
  sms: "clients:consent.channel.sms",
};

export const CONSENT_STATUS_KEYS: Record<ConsentStatus, string> = {
  granted: "clients:consent.status.granted",
  withdrawn: "clients:consent.status.withdrawn",
  unknown: "clients:consent.status.unknown",
};

export const CONSENT_SOURCE_KEYS: Record<ConsentSource, string> = {
  in_store: "clients:consent.source.in_store",
  phone: "clients:consent.source.phone",
  whatsapp: "clients:consent.source.whatsapp",
  import: "clients:consent.source.import",
  form: "clients:consent.source.form",
};

export const INTERACTION_KEYS: Record<InteractionType, string> = {
  whatsapp: "clients:interaction.whatsapp",
  call: "clients:interaction.call",
  visit: "clients:interaction.visit",
  email: "clients:interaction.email",
  note: "clients:interaction.note",
};

export const SORT_KEYS: Record<ClientSortKey, Record<SortDirection, string>> = {
  fullName: { asc: "clients:sort.fullName.asc", desc: "clients:sort.fullName.desc" },
  totalSalesValue: { asc: "clients:sort.totalSalesValue.asc", desc: "clients:sort.totalSalesValue.desc" },
  lastPurchaseDate: { asc: "clients:sort.lastPurchaseDate.asc", desc: "clients:sort.lastPurchaseDate.desc" },
  daysSincePurchase: { asc: "clients:sort.daysSincePurchase.asc", desc: "clients:sort.daysSincePurchase.desc" },
  nextBirthday: { asc: "clients:sort.nextBirthday.asc", desc: "clients:sort.nextBirthday.desc" },
  createdAt: { asc: "clients:sort.createdAt.asc", desc: "clients:sort.createdAt.desc" },
  ownerName: { asc: "clients:sort.ownerName.asc", desc: "clients:sort.ownerName.desc" },
};

/** The key of a stored value, or undefined for a value outside the list (old or imported data). */
export function keyOf<T extends string>(keys: Record<T, string>, value: string): string | undefined {
  return (keys as Record<string, string>)[value];
}

/** A stored value through its key; a value outside the list (old or imported data) is shown as it is. */
export function labelText<T extends string>(keys: Record<T, string>, value: string | null, t: TFunction): string {
  if (value === null) return "—";
  const key = keyOf(keys, value);
  return key ? t(key) : value;
}

/** Every value of a list with its label, made once per render (a table of hundreds of rows reads it). */
export function labelTable<T extends string>(keys: Record<T, string>, t: TFunction): Record<T, string> {
  return Object.fromEntries(Object.entries<string>(keys).map(([value, key]) => [value, t(key)])) as Record<T, string>;
}

/** Each client field's label on the forms and the details (the registry's `label` is the English one). */
export const FIELD_LABEL_KEYS: Record<ClientFieldName, string> = {
  fullName: "clientForm:fields.fullName",
  fullNameAr: "clientForm:fields.fullNameAr",
  mobileNumber: "clientForm:fields.mobileNumber",
  country: "clientForm:fields.country",
  emirate: "clientForm:fields.emirate",
  area: "clientForm:fields.area",
  team: "clientForm:fields.team",
  totalSalesFils: "clientForm:fields.totalSalesFils",
  lastPurchaseDate: "clientForm:fields.lastPurchaseDate",
  dateOfBirth: "clientForm:fields.dateOfBirth",
  email: "clientForm:fields.email",
  preferredLanguage: "clientForm:fields.preferredLanguage",
  emiratesId: "clientForm:fields.emiratesId",
  emiratesIdExpiry: "clientForm:fields.emiratesIdExpiry",
  pepStatus: "clientForm:fields.pepStatus",
  anniversaryType: "clientForm:fields.anniversaryType",
  anniversaryDate: "clientForm:fields.anniversaryDate",
  preferredTime: "clientForm:fields.preferredTime",
  preferredCollection: "clientForm:fields.preferredCollection",
  meetingComments: "clientForm:fields.meetingComments",
  contactOk: "clientForm:fields.contactOk",
  category: "clientForm:fields.category",
  ringSize: "clientForm:fields.ringSize",
  bangleSize: "clientForm:fields.bangleSize",
  preferredMetals: "clientForm:fields.preferredMetals",
  preferredStones: "clientForm:fields.preferredStones",
  styles: "clientForm:fields.styles",
  budgetBand: "clientForm:fields.budgetBand",
  isActive: "clientForm:fields.isActive",
  emiratesIdPictures: "clientForm:fields.emiratesIdPictures",
  emiratesIdPicture: "clientForm:fields.emiratesIdPicture",
};

/** The placeholders that hold words (the others are numbers, the same in both languages). */
export const PLACEHOLDER_KEYS: Partial<Record<ClientFieldName, string>> = {
  pepStatus: "clientForm:placeholders.pepStatus",
  preferredTime: "clientForm:placeholders.preferredTime",
  ringSize: "clientForm:placeholders.ringSize",
  bangleSize: "clientForm:placeholders.bangleSize",
  styles: "clientForm:placeholders.styles",
};
