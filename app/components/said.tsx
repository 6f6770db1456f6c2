import { Fragment } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { Message } from "~/domain/messages";
import { usePageLocale } from "~/i18n/i18n-provider";
import { sayValues } from "~/i18n/messages";

/**
 * The engine's words (message codes) in the page's language, joined as the engine joins them; without
 * words (the AI model's text, a time the client gave, a list saved before words) the text as written.
 */
export function Said({
  words,
  text,
  separator = "",
}: {
  words: readonly Message[] | null;
  text: string;
  separator?: string;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  if (!words) return <bdi>{text}</bdi>;
  return words.map((said, i) => {
    const values = sayValues(t, said, locale);
    return (
      <Fragment key={i}>
        {i > 0 ? separator : null}
        {Object.keys(values).length === 0 ? (
          t(said.code)
        ) : (
          <Trans
            i18nKey={said.code}
            values={values}
            count={typeof values.count === "number" ? values.count : undefined}
            components={{ bdi: <bdi /> }}
          />
        )}
      </Fragment>
    );
  });
}
