/** Channels a client can agree to be contacted on, each with its own consent. */
export const CONSENT_CHANNELS = ["whatsapp", "call", "email", "sms"] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_STATUSES = ["granted", "withdrawn", "unknown"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
/** How the client told us. */
export const CONSENT_SOURCES = ["in_store", "phone", "whatsapp", "import", "form"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  whatsapp: "WhatsApp",
  call: "Calls",
  email: "Email",
  sms: "SMS",
};
export const CONSENT_STATUS_LABELS: Record<ConsentStatus, string> = {
  granted: "Granted",
  withdrawn: "Withdrawn",
  unknown: "Not asked",
};
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  in_store: "In store",
  phone: "By phone",
  whatsapp: "On WhatsApp",
  import: "Import",
  form: "Client form",
};

export type ClientConsents = Record<ConsentChannel, ConsentStatus>;

/** The client row's column holding a channel's current status. */
export const CONSENT_COLUMNS = {
  whatsapp: "consentWhatsapp",
  call: "consentCall",
  email: "consentEmail",
  sms: "consentSms",
} as const satisfies Record<ConsentChannel, string>;

function asStatus(value: string | null | undefined): ConsentStatus {
  return (CONSENT_STATUSES as readonly string[]).includes(value ?? "") ? (value as ConsentStatus) : "unknown";
}

/** The current status per channel from a client row. */
export function consentsOf(row: {
  consentWhatsapp: string;
  consentCall: string;
  consentEmail: string;
  consentSms: string;
}): ClientConsents {
  return {
    whatsapp: asStatus(row.consentWhatsapp),
    call: asStatus(row.consentCall),
    email: asStatus(row.consentEmail),
    sms: asStatus(row.consentSms),
  };
}

/**
 * The old single "OK to Contact" answer speaks for every channel: Yes grants them all, No
 * withdraws them all; anything else says nothing.
 */
export function consentFromContactOk(contactOk: string | null | undefined): ConsentStatus | null {
  const answer = contactOk?.trim().toLowerCase();
  if (answer === "yes") return "granted";
  if (answer === "no") return "withdrawn";
  return null;
}

/** Whether a consent column's stored value says withdrawn (anything unreadable is not asked, not withdrawn). */
export function isWithdrawn(stored: string | null | undefined): boolean {
  return asStatus(stored) === "withdrawn";
}

/** A withdrawn channel must not be used: no live button, no tracked message, no lead. */
export function isChannelWithdrawn(consents: Pick<ClientConsents, ConsentChannel>, channel: ConsentChannel): boolean {
  return consents[channel] === "withdrawn";
}

/** The reason shown beside a disabled contact button. */
export function withdrawnReason(channel: ConsentChannel): string {
  return `The client has withdrawn consent to ${CONSENT_CHANNEL_LABELS[channel]} contact`;
}
