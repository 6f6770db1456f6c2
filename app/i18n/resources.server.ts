import type { Language } from "~/domain/languages";
import arAccount from "~/locales/ar/account.json";
import arClientActions from "~/locales/ar/clientActions.json";
import arClientForm from "~/locales/ar/clientForm.json";
import arClients from "~/locales/ar/clients.json";
import arCommon from "~/locales/ar/common.json";
import arDashboard from "~/locales/ar/dashboard.json";
import arFollowUps from "~/locales/ar/followUps.json";
import arImport from "~/locales/ar/import.json";
import arLeads from "~/locales/ar/leads.json";
import arLogin from "~/locales/ar/login.json";
import arLogs from "~/locales/ar/logs.json";
import arProfile from "~/locales/ar/profile.json";
import arReports from "~/locales/ar/reports.json";
import arUsers from "~/locales/ar/users.json";
import arValidation from "~/locales/ar/validation.json";
import enAccount from "~/locales/en/account.json";
import enClientActions from "~/locales/en/clientActions.json";
import enClientForm from "~/locales/en/clientForm.json";
import enClients from "~/locales/en/clients.json";
import enCommon from "~/locales/en/common.json";
import enDashboard from "~/locales/en/dashboard.json";
import enFollowUps from "~/locales/en/followUps.json";
import enImport from "~/locales/en/import.json";
import enLeads from "~/locales/en/leads.json";
import enLogin from "~/locales/en/login.json";
import enLogs from "~/locales/en/logs.json";
import enProfile from "~/locales/en/profile.json";
import enReports from "~/locales/en/reports.json";
import enUsers from "~/locales/en/users.json";
import enValidation from "~/locales/en/validation.json";

/**
 * Every catalog, bundled into the server build (docs/decisions/021-arabic-and-english.md): choosing a
 * language reads no file. A new namespace is one JSON file per language under app/locales and a line here.
 */
export const RESOURCES = {
  en: {
    account: enAccount,
    clientActions: enClientActions,
    clientForm: enClientForm,
    clients: enClients,
    common: enCommon,
    dashboard: enDashboard,
    followUps: enFollowUps,
    import: enImport,
    leads: enLeads,
    login: enLogin,
    logs: enLogs,
    profile: enProfile,
    reports: enReports,
    users: enUsers,
    validation: enValidation,
  },
  ar: {
    account: arAccount,
    clientActions: arClientActions,
    clientForm: arClientForm,
    clients: arClients,
    common: arCommon,
    dashboard: arDashboard,
    followUps: arFollowUps,
    import: arImport,
    leads: arLeads,
    login: arLogin,
    logs: arLogs,
    profile: arProfile,
    reports: arReports,
    users: arUsers,
    validation: arValidation,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof RESOURCES)["en"];

/** What the root loader sends to the browser: one language's catalogs only. */
export function catalogsFor(language: Language) {
  return RESOURCES[language];
}
