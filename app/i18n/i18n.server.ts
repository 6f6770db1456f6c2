import { createCookie } from "@remix-run/node";
import i18next, { type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { getCurrentSession } from "~/auth/session.server";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  NUMERALS,
  isLanguage,
  localeOf,
  pageLocale,
  type Language,
  type Locale,
  type Numerals,
} from "~/domain/languages";
import { numeralsInterpolation } from "./interpolation";
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
 * Accept-Language, else English. The saved language (and digits) ride on the session lookup the guards make
 * anyway; the detector answers for the cookie and the browser.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
});

/**
 * The request's language and digits: Arabic-Indic only when a signed-in user chose them and the page is
 * Arabic. Nobody signed in (the sign-in page) reads Western digits.
 */
export async function getLocale(request: Request): Promise<Locale> {
  // A failed session read leaves the choice to the cookie: the error page itself still needs a language.
  const session = await getCurrentSession(request).catch(() => null);
  const saved = session?.language;
  const detected = isLanguage(saved) ? saved : await detector.getLocale(request);
  return pageLocale(isLanguage(detected) ? detected : DEFAULT_LANGUAGE, session?.numerals);
}

export async function getLanguage(request: Request): Promise<Language> {
  return (await getLocale(request)).language;
}

/**
 * One i18next instance per numbering system for the process, each holding every catalog (imported, never read
 * per request): a fixed `t` per locale and namespace costs a map lookup. Loaders and actions use it for texts
 * they make themselves (toasts, page titles, API-free error messages).
 */
function serverInstance(numerals: Numerals) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: RESOURCES,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: "common",
    ns: Object.keys(RESOURCES.en),
    interpolation: numeralsInterpolation(numerals),
    initImmediate: false,
  });
  return instance;
}
const servers = Object.fromEntries(NUMERALS.map((n) => [n, serverInstance(n)])) as Record<Numerals, typeof i18next>;

export function fixedT(locale: Language | Locale, namespace: Namespace = "common"): TFunction {
  const { language, numerals } = localeOf(locale);
  return servers[numerals].getFixedT(language, namespace);
}

/** The request's language, its locale (language and digits) and a `t` for one namespace, for loaders and actions. */
export async function translatorFor(request: Request, namespace: Namespace = "common") {
  const locale = await getLocale(request);
  return { language: locale.language, locale, t: fixedT(locale, namespace) };
}
