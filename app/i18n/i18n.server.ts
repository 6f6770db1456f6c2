import { createCookie } from "@remix-run/node";
import i18next, { type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { getCurrentSession } from "~/auth/session.server";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "~/domain/languages";
import { RESOURCES, type Namespace } from "./resources.server";

/** Set by the top bar's switch; read when the signed-in user has no saved language (or nobody is signed in). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
});

/**
 * docs/decisions/021-arabic-and-english.md: the user's saved language, else the `lng` cookie, else
 * Accept-Language, else English. The saved language rides on the session lookup the guards make anyway.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["custom", "cookie", "header"],
    // A failed session read leaves the choice to the cookie: the error page itself still needs a language.
    findLocale: async (request) => (await getCurrentSession(request).catch(() => null))?.language ?? null,
  },
});

export async function getLanguage(request: Request): Promise<Language> {
  const detected = await detector.getLocale(request);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

/**
 * One i18next instance for the process, holding every catalog (imported, never read per request): a fixed
 * `t` per language and namespace costs a map lookup. Loaders and actions use it for texts they make
 * themselves (toasts, page titles, API-free error messages).
 */
const server = i18next.createInstance();
void server.init({
  resources: RESOURCES,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: Object.keys(RESOURCES.en),
  interpolation: { escapeValue: false },
  initImmediate: false,
});

export function fixedT(language: Language, namespace: Namespace = "common"): TFunction {
  return server.getFixedT(language, namespace);
}

/** The request's language and a `t` for one namespace, for loaders and actions. */
export async function translatorFor(request: Request, namespace: Namespace = "common") {
  const language = await getLanguage(request);
  return { language, t: fixedT(language, namespace) };
}
