import { createCookie } from "@remix-run/node";
import type { TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { getCurrentSession } from "~/auth/session.server";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  localeOf,
  pageLocale,
  type Language,
  type Locale,
} from "~/domain/languages";
import { i18nInstance } from "./catalogs";
// Loaded for what it does as it loads: it provides the bundled catalogs to ./catalogs.ts.
import "./resources.server";
import type { Namespace } from "./resources.server";

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

/** A fixed `t` for one namespace in a locale, from the instance the pages use too (./catalogs.ts). */
export function fixedT(locale: Language | Locale, namespace: Namespace = "common"): TFunction {
  const resolved = localeOf(locale);
  return i18nInstance(resolved).getFixedT(resolved.language, namespace);
}

/** The request's language, its locale (language and digits) and a `t` for one namespace, for loaders and actions. */
export async function translatorFor(request: Request, namespace: Namespace = "common") {
  const locale = await getLocale(request);
  return { language: locale.language, locale, t: fixedT(locale, namespace) };
}
