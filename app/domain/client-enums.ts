/** The customer's enumerated fields and their labels (docs/product-rules.md §3, §9). */
export const COUNTRIES = ["uae", "south_africa", "bahrain", "qatar", "kuwait", "saudi_arabia"] as const;
export type Country = (typeof COUNTRIES)[number];
export const COUNTRY_LABELS: Record<Country, string> = {
  uae: "United Arab Emirates",
  south_africa: "South Africa",
  bahrain: "Bahrain",
  qatar: "Qatar",
  kuwait: "Kuwait",
  saudi_arabia: "Saudi Arabia",
};

export const EMIRATES = [
  "dubai",
  "abu_dhabi",
  "sharjah",
  "ajman",
  "al_ain",
  "fujairah",
  "ras_al_khaimah",
  "umm_al_quwain",
] as const;
export type Emirate = (typeof EMIRATES)[number];
export const EMIRATE_LABELS: Record<Emirate, string> = {
  dubai: "Dubai",
  abu_dhabi: "Abu Dhabi",
  sharjah: "Sharjah",
  ajman: "Ajman",
  al_ain: "Al Ain",
  fujairah: "Fujairah",
  ras_al_khaimah: "Ras Al Khaimah",
  umm_al_quwain: "Umm Al Quwain",
};
/** The languages a client's WhatsApp messages are written in (docs/decisions/022). */
export const CLIENT_LANGUAGES = ["en", "ar"] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];
export const CLIENT_LANGUAGE_LABELS: Record<ClientLanguage, string> = { en: "English", ar: "Arabic" };

export function isClientLanguage(value: unknown): value is ClientLanguage {
  return (CLIENT_LANGUAGES as readonly unknown[]).includes(value);
}

/** Outside the UAE the emirate is "none". */
export const NO_EMIRATE = "none";

export const ANNIVERSARY_TYPES = [
  "Wedding Anniversary",
  "Graduation",
  "Work Anniversary",
  "Business Anniversary",
  "Engagement Anniversary",
  "Other",
] as const;

export const CONTACT_OK = ["Yes", "No"] as const;

/**
 * Lead locations (docs/product-rules.md §9): the 8 emirates plus the other countries, and "uae" for every emirate
 * at once (a head-office view the spec's list lacks).
 */
export const LEAD_LOCATIONS = [
  ...EMIRATES,
  "uae",
  "south_africa",
  "bahrain",
  "qatar",
  "kuwait",
  "saudi_arabia",
] as const;

/** The words an address is written in: the page's names of countries and emirates, and what joins the area. */
export type AddressWords = { countries: Record<Country, string>; emirates: Record<Emirate, string>; separator: string };

/** "Address" column (docs/product-rules.md §2): the country name, or emirate plus area in the UAE. */
export function addressLabel(
  c: { country: string; emirate: string; area: string | null },
  words: AddressWords,
): string {
  if (c.country !== "uae") return words.countries[c.country as Country] ?? c.country;
  const emirate = words.emirates[c.emirate as Emirate] ?? c.emirate;
  return c.area ? `${emirate}${words.separator}${c.area}` : emirate;
}
