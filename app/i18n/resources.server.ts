import type { Language } from "~/domain/languages";
import arCommon from "~/locales/ar/common.json";
import arDashboard from "~/locales/ar/dashboard.json";
import arFollowUps from "~/locales/ar/followUps.json";
import arImport from "~/locales/ar/import.json";
import arLeads from "~/locales/ar/leads.json";
import arLogin from "~/locales/ar/login.json";
import arReports from "~/locales/ar/reports.json";
import arValidation from "~/locales/ar/validation.json";
import enCommon from "~/locales/en/common.json";
import enDashboard from "~/locales/en/dashboard.json";
import enFollowUps from "~/locales/en/followUps.json";
import enImport from "~/locales/en/import.json";
import enLeads from "~/locales/en/leads.json";
import enLogin from "~/locales/en/login.json";
import enReports from "~/locales/en/reports.json";
import enValidation from "~/locales/en/validation.json";

/**
 * Every catalog, bundled into the server build (docs/decisions/021-arabic-and-english.md): choosing a
 * language reads no file. A new namespace is one JSON file per language under app/locales and a line here.
 */
export const RESOURCES = {
  en: {
    common: enCommon,
    dashboard: enDashboard,
    login: enLogin,
    validation: enValidation,
    followUps: enFollowUps,
    import: enImport,
    leads: enLeads,
    reports: enReports,
  },
  ar: {
    common: arCommon,
    dashboard: arDashboard,
    login: arLogin,
    validation: arValidation,
    followUps: arFollowUps,
    import: arImport,
    leads: arLeads,
    reports: arReports,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof RESOURCES)["en"];

/** What the root loader sends to the browser: one language's catalogs only. */
export function catalogsFor(language: Language) {
  return RESOURCES[language];
}
