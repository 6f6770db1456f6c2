// Every namespace of one language, as one module, for the server (app/i18n/resources.server.ts); the
// browser fetches the JSON files one by one (app/i18n/catalogs.ts). A new namespace is one JSON file per
// language and a line in each of these.
import account from "./en/account.json" with { type: "json" };
import cash from "./en/cash.json" with { type: "json" };
import clientActions from "./en/clientActions.json" with { type: "json" };
import clientForm from "./en/clientForm.json" with { type: "json" };
import clients from "./en/clients.json" with { type: "json" };
import common from "./en/common.json" with { type: "json" };
import dashboard from "./en/dashboard.json" with { type: "json" };
import duplicates from "./en/duplicates.json" with { type: "json" };
import followUps from "./en/followUps.json" with { type: "json" };
import goldRates from "./en/goldRates.json" with { type: "json" };
import importPage from "./en/import.json" with { type: "json" };
import jobs from "./en/jobs.json" with { type: "json" };
import leads from "./en/leads.json" with { type: "json" };
import login from "./en/login.json" with { type: "json" };
import logs from "./en/logs.json" with { type: "json" };
import profile from "./en/profile.json" with { type: "json" };
import quotes from "./en/quotes.json" with { type: "json" };
import reports from "./en/reports.json" with { type: "json" };
import shop from "./en/shop.json" with { type: "json" };
import users from "./en/users.json" with { type: "json" };
import validation from "./en/validation.json" with { type: "json" };

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
