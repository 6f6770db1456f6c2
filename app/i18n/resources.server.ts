import type { Language } from "~/domain/languages";
import arClientForm from "~/locales/ar/clientForm.json";
import arClients from "~/locales/ar/clients.json";
import arCommon from "~/locales/ar/common.json";
import arDashboard from "~/locales/ar/dashboard.json";
import arLogin from "~/locales/ar/login.json";
import arValidation from "~/locales/ar/validation.json";
import enClientForm from "~/locales/en/clientForm.json";
import enClients from "~/locales/en/clients.json";
import enCommon from "~/locales/en/common.json";
import enDashboard from "~/locales/en/dashboard.json";
import enLogin from "~/locales/en/login.json";
import enValidation from "~/locales/en/validation.json";

/**
 * Every catalog, bundled into the server build (docs/decisions/021-arabic-and-english.md): choosing a
 * language reads no file. A new namespace is one JSON file per language under app/locales and a line here.
 */
export const RESOURCES = {
  en: {
    clientForm: enClientForm,
    clients: enClients,
    common: enCommon,
    dashboard: enDashboard,
    login: enLogin,
    validation: enValidation,
  },
  ar: {
    clientForm: arClientForm,
    clients: arClients,
    common: arCommon,
    dashboard: arDashboard,
    login: arLogin,
    validation: arValidation,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof RESOURCES)["en"];

/** What the root loader sends to the browser: one language's catalogs only. */
export function catalogsFor(language: Language) {
  return RESOURCES[language];
}
