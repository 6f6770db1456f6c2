import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "~/domain/languages";
import { I18nProvider } from "~/i18n/i18n-provider";
import { AlertItems, type PanelAlert } from "./alert-panel";

/**
 * A panel's alerts as the page writes them, for a whole-page load to carry as HTML: the dashboard
 * keeps it with the kept answer and locale (keptHtml), so it is not rendered again by every request
 * (decision 033).
 */
export function alertItemsHtml(items: PanelAlert[], locale: Locale): string {
  return renderToStaticMarkup(
    <I18nProvider language={locale.language} numerals={locale.numerals}>
      <AlertItems items={items} />
    </I18nProvider>,
  );
}
