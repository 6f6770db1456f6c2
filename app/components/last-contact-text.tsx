import { useTranslation } from "react-i18next";
import { lastContactText } from "~/domain/lead-words";
import { usePageLocale } from "~/i18n/i18n-provider";

/**
 * A last contact as the services label it ("WhatsApp 2 days ago · Reem"), in the page's language; who made it
 * is a name, isolated. A label it cannot read is shown as written.
 */
export function LastContactText({ label }: { label: string }) {
  const { t } = useTranslation();
  const read = lastContactText(label, t, usePageLocale());
  if (!read) return <bdi>{label}</bdi>;
  return (
    <>
      {read.text}
      {read.by ? (
        <>
          {" · "}
          <bdi>{read.by}</bdi>
        </>
      ) : null}
    </>
  );
}
