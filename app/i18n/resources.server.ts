import { LANGUAGES } from "~/domain/languages";
import ar from "~/locales/ar";
import en from "~/locales/en";
import { provideCatalogs } from "./catalogs";

/**
 * Every catalog is bundled into the server build, and provided to ./catalogs.ts once, when this module
 * loads: the render (entry.server.tsx) and the server's own texts (i18n.server.ts) then read them with
 * no file and no await per request. The browser loads the files its page's routes name (decision 040).
 */
for (const language of LANGUAGES) provideCatalogs(language, { en, ar }[language]);

export type { Namespace } from "./catalogs";
