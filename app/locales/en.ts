// Every namespace of one language, as one module, for the server (app/i18n/resources.server.ts); the
// browser fetches the JSON files one by one (app/i18n/catalogs.ts). A new namespace is one JSON file per
// language and a line in each of these.
import account from "./en/account.json";
import cash from "./en/cash.json";
import clientActions from "./en/clientActions.json";
import clientForm from "./en/clientForm.json";
import clients from "./en/clients.json";
import common from "./en/common.json";
import dashboard from "./en/dashboard.json";
import duplicates from "./en/duplicates.json";
import followUps from "./en/followUps.json";
import goldRates from "./en/goldRates.json";
import importPage from "./en/import.json";
import jobs from "./en/jobs.json";
import leads from "./en/leads.json";
import login from "./en/login.json";
import logs from "./en/logs.json";
import profile from "./en/profile.json";
import quotes from "./en/quotes.json";
import reports from "./en/reports.json";
import shop from "./en/shop.json";
import users from "./en/users.json";
import validation from "./en/validation.json";

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
};
