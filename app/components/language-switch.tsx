import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, type Language } from "~/domain/languages";

/**
 * The top bar's switch to the other language: a plain form POST to /language, which sets the `lng` cookie,
 * saves the choice for a signed-in user and comes back here (docs/decisions/021-arabic-and-english.md).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const other: Language = i18n.language === "ar" ? "en" : "ar";
  return (
    <Form method="post" action="/language" className={className}>
      <input type="hidden" name="lng" value={other} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="btn-ghost px-2 py-1 text-sm" data-testid="language-switch">
        <span className="sr-only">{t("common:language.switchTo")} </span>
        <span lang={other}>{LANGUAGE_NAMES[other]}</span>
      </button>
    </Form>
  );
}
