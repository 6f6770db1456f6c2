import { useTranslation } from "react-i18next";
import { withdrawnReason } from "~/domain/consent";

/** The one reason WhatsApp is off (the services give it in English, as the JSON does), in the page's language. */
const WHATSAPP_WITHDRAWN = withdrawnReason("whatsapp");

/**
 * The tracked WhatsApp action: a small form that posts to /customers/:id/whatsapp in a new tab,
 * which records the contact and then opens wa.me. Without JavaScript it is the same form. When the
 * client withdrew WhatsApp consent the button is disabled and says why.
 */
export function WhatsAppButton({
  clientId,
  clientName,
  message,
  blockedReason,
  pending = false,
  className = "btn-secondary",
  label,
}: {
  clientId: number;
  clientName: string;
  message?: string | null;
  blockedReason?: string | null;
  /** Off, without a reason, while the page is still asking whether the client may be sent one. */
  pending?: boolean;
  className?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const text = label ?? t("clients:whatsapp.button");
  if (pending && !blockedReason) {
    return (
      <button
        type="button"
        className={className}
        disabled
        aria-busy="true"
        aria-label={t("clients:whatsapp.label", { name: clientName })}
      >
        {text}
      </button>
    );
  }
  if (blockedReason) {
    const reason = blockedReason === WHATSAPP_WITHDRAWN ? t("clients:whatsapp.withdrawn") : blockedReason;
    return (
      <span className="inline-flex flex-col">
        <button
          type="button"
          className={className}
          disabled
          aria-label={t("clients:whatsapp.blockedLabel", { name: clientName, reason })}
        >
          {text}
        </button>
        <span className="text-xs text-gray-600">{reason}</span>
      </span>
    );
  }
  return (
    <form method="post" action={`/customers/${clientId}/whatsapp`} target="_blank" className="inline">
      {message ? <input type="hidden" name="message" value={message} /> : null}
      <button type="submit" className={className} aria-label={t("clients:whatsapp.label", { name: clientName })}>
        {text}
      </button>
    </form>
  );
}
