import i18next, { type TFunction } from "i18next";
import type { Language } from "~/domain/languages";
import { RESOURCES } from "~/i18n/resources.server";

/** A `t` over the app's catalogs, without a request, for unit tests of schemas that word their messages. */
export function testTranslator(language: Language = "en"): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    resources: RESOURCES,
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return instance.getFixedT(language);
}
