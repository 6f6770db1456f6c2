import { z } from "zod";
import { CONSENT_CHANNELS, CONSENT_SOURCES, CONSENT_STATUSES } from "./consent";
import { MESSAGE_CODES } from "./message-codes";

// Apart from ./consent so that the screens which only show consent (the WhatsApp button on every
// list and panel) do not bundle zod: a schema made at a module's top level cannot be tree-shaken.

/** PUT /api/clients/:id/consent and the details form: one channel's new status and how we heard. */
export const ConsentChangeSchema = z.object({
  channel: z.enum(CONSENT_CHANNELS, { error: MESSAGE_CODES.consentChannel }),
  status: z.enum(CONSENT_STATUSES, { error: MESSAGE_CODES.consentStatus }),
  source: z.enum(CONSENT_SOURCES, { error: MESSAGE_CODES.consentSource }),
});
export type ConsentChange = z.output<typeof ConsentChangeSchema>;
