import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "~/domain/languages";
import { htmlBytes } from "~/http/document-stream.server";
import { I18nProvider } from "~/i18n/i18n-provider";
import { AlertItems, type PanelAlert } from "./alert-panel";

/**
 * A panel's alerts as the page writes them, UTF-8, for a whole-page load to carry as HTML: made once
 * per kept answer and locale, not rendered again by every request (decision 033).
 */
export function alertItemsHtml(items: PanelAlert[], locale: Locale): Buffer {
  return htmlBytes(
    renderToStaticMarkup(
      <I18nProvider language={locale.language} numerals={locale.numerals}>
        <AlertItems items={items} />
      </I18nProvider>,
    ),
  );
}
