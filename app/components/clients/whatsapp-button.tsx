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
  className = "btn-secondary",
  label = "WhatsApp",
}: {
  clientId: number;
  clientName: string;
  message?: string | null;
  blockedReason?: string | null;
  className?: string;
  label?: string;
}) {
  if (blockedReason) {
    return (
      <span className="inline-flex flex-col">
        <button type="button" className={className} disabled aria-label={`WhatsApp ${clientName}: ${blockedReason}`}>
          {label}
        </button>
        <span className="text-xs text-gray-600">{blockedReason}</span>
      </span>
    );
  }
  return (
    <form method="post" action={`/customers/${clientId}/whatsapp`} target="_blank" className="inline">
      {message ? <input type="hidden" name="message" value={message} /> : null}
      <button type="submit" className={className} aria-label={`WhatsApp ${clientName}`}>
        {label}
      </button>
    </form>
  );
}
