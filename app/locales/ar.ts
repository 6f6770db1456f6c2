// The Arabic catalogs, namespace for namespace as in ./en.ts.
import type english from "./en";
import account from "./ar/account.json";
import cash from "./ar/cash.json";
import clientActions from "./ar/clientActions.json";
import clientForm from "./ar/clientForm.json";
import clients from "./ar/clients.json";
import common from "./ar/common.json";
import dashboard from "./ar/dashboard.json";
import duplicates from "./ar/duplicates.json";
import followUps from "./ar/followUps.json";
import goldRates from "./ar/goldRates.json";
import importPage from "./ar/import.json";
import jobs from "./ar/jobs.json";
import leads from "./ar/leads.json";
import login from "./ar/login.json";
import logs from "./ar/logs.json";
import profile from "./ar/profile.json";
import quotes from "./ar/quotes.json";
import reports from "./ar/reports.json";
import shop from "./ar/shop.json";
import users from "./ar/users.json";
import validation from "./ar/validation.json";

export default {
  account,
  cash,
  clientActions,
  clientForm,
  clients,
  common,
  dashboard,
  duplicates,
  followUps,
  goldRates,
  import: importPage,
  jobs,
  leads,
  login,
  logs,
  profile,
  quotes,
  reports,
  shop,
  users,
  validation,
} satisfies Record<keyof typeof english, unknown>;
