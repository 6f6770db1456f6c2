// The Arabic catalogs, namespace for namespace as in ./en.ts.
import type english from "./en";
import account from "./ar/account.json" with { type: "json" };
import cash from "./ar/cash.json" with { type: "json" };
import clientActions from "./ar/clientActions.json" with { type: "json" };
import clientForm from "./ar/clientForm.json" with { type: "json" };
import clients from "./ar/clients.json" with { type: "json" };
import common from "./ar/common.json" with { type: "json" };
import dashboard from "./ar/dashboard.json" with { type: "json" };
import duplicates from "./ar/duplicates.json" with { type: "json" };
import followUps from "./ar/followUps.json" with { type: "json" };
import goldRates from "./ar/goldRates.json" with { type: "json" };
import importPage from "./ar/import.json" with { type: "json" };
import jobs from "./ar/jobs.json" with { type: "json" };
import leads from "./ar/leads.json" with { type: "json" };
import login from "./ar/login.json" with { type: "json" };
import logs from "./ar/logs.json" with { type: "json" };
import profile from "./ar/profile.json" with { type: "json" };
import quotes from "./ar/quotes.json" with { type: "json" };
import reports from "./ar/reports.json" with { type: "json" };
import shop from "./ar/shop.json" with { type: "json" };
import users from "./ar/users.json" with { type: "json" };
import validation from "./ar/validation.json" with { type: "json" };

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
