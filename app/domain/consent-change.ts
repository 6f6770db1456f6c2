import { z } from "zod";
import { CONSENT_CHANNELS, CONSENT_SOURCES, CONSENT_STATUSES } from "./consent";

// Apart from ./consent so that the screens which only show consent (the WhatsApp button on every
// list and panel) do not bundle zod: a schema made at a module's top level cannot be tree-shaken.

/** PUT /api/clients/:id/consent and the details form: one channel's new status and how we heard. */
export const ConsentChangeSchema = z.object({
  channel: z.enum(CONSENT_CHANNELS, { error: "Choose whatsapp, call, email or sms" }),
  status: z.enum(CONSENT_STATUSES, { error: "Choose granted, withdrawn or unknown" }),
  source: z.enum(CONSENT_SOURCES, { error: "Choose in_store, phone, whatsapp, import or form" }),
});
export type ConsentChange = z.output<typeof ConsentChangeSchema>;
