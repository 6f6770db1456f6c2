import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { i18nInstance } from "~/i18n/catalogs";
import "~/i18n/resources.server";
import { NotFoundPage } from "~/root";

/** The 404 page as the server renders it in a language. */
function page(language: "en" | "ar", refusal?: unknown) {
  const i18n = i18nInstance({ language, numerals: "latn" });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(NotFoundPage, { refusal })));
}

// issue #41: a page's loader that finds no record throws its message code; the 404 page says it in the page's
// language in place of the hint for developers, which stays for a path no route serves.
describe("the 404 page", () => {
  it("says a missing record's code in the page's language", () => {
    expect(page("en", MESSAGE_CODES.quoteNotFound)).toContain("Quote not found");
    expect(page("ar", MESSAGE_CODES.jobNotFound)).toContain("الطلب غير موجود");
    expect(page("en", MESSAGE_CODES.quoteNotFound)).not.toContain("app/routes/");
  });

  it("gives the developer's hint for anything else", () => {
    for (const refusal of [undefined, null, "Quote not found", { error: "x" }])
      expect(page("en", refusal)).toContain("app/routes/");
  });
});
