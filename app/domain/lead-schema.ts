import { z } from "zod";
import { CLIENT_LANGUAGES } from "./client-enums";
import { isMessageCode, type MessageCode } from "./message-codes";
import type { Message, MessageValue } from "./messages";

export const PRIORITIES = ["Critical", "High", "Medium"] as const;
export type Priority = (typeof PRIORITIES)[number];

const messageValueSchema: z.ZodType<MessageValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    messageSchema,
    z.object({ label: z.string() }),
    z.object({ names: z.array(z.object({ name: z.string(), nameAr: z.string().nullable() })) }),
    z.object({ aed: z.string() }),
  ]),
);
const messageSchema: z.ZodType<Message> = z.object({
  code: z.custom<MessageCode>((code) => typeof code === "string" && isMessageCode(code)),
  values: z.record(z.string(), messageValueSchema).optional(),
});

/**
 * The engine's words for a lead as message codes (app/domain/message-codes.ts), which pages say in their
 * language; the English texts beside them (segmentType, reasonForOutreach, aiInsights, bestContactTime) are
 * the same words for the JSON. A text the AI model rewrote has no words (null), and is shown as written; so
 * is a contact time the client gave. `products` says recommendedProducts one by one: null for a team's
 * product (the shop's text); lists saved before it lack it.
 */
export const LeadWordsSchema = z.object({
  segment: messageSchema,
  reasons: z.array(messageSchema).nullable(),
  insights: z.array(messageSchema).nullable(),
  contactTime: messageSchema.nullable(),
  products: z.array(messageSchema.nullable()).nullish(),
});
export type LeadWords = z.output<typeof LeadWordsSchema>;

/**
 * An AI lead (docs/product-rules.md §3) as the API returns it, the page shows it and the browser stores it.
 * Money is a decimal AED string, dates are YYYY-MM-DD, mobile is digits only.
 */
export const AiLeadSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  // The client's Arabic name, for lists shown in Arabic (older saved lists lack it).
  nameAr: z.string().nullish(),
  mobile: z.string(),
  emirate: z.string(),
  country: z.string(),
  segmentType: z.string(),
  tier: z.string(),
  leadScore: z.number().int().min(0).max(100),
  // docs/product-rules.md §3: priority defaults to Medium.
  priority: z.enum(PRIORITIES).catch("Medium"),
  totalSalesValue: z.string(),
  lastPurchaseDate: z.string().nullable(),
  daysSinceLastPurchase: z.number().int().nullable(),
  expectedRevenue: z.string(),
  aiInsights: z.string(),
  recommendedProducts: z.array(z.string()),
  // The team's key (the shop's teams: app/domain/shop-lists.ts); a saved list may name a team since renamed.
  recommendedTeam: z.string(),
  bestContactTime: z.string(),
  suggestedMessage: z.string(),
  reasonForOutreach: z.string(),
  // The client's language and the WhatsApp message in it (older saved lists lack them: English,
  // and the suggested message).
  language: z.enum(CLIENT_LANGUAGES).catch("en"),
  whatsappMessage: z.string().nullish(),
  // When the client was last contacted and by whom (added by the server; older saved lists lack them).
  lastContactAt: z.string().nullish(),
  lastContactBy: z.string().nullish(),
  lastContactLabel: z.string().nullish(),
  lastContactWords: messageSchema.nullish().catch(null),
  // Older saved lists, and leads kept in a browser before words, lack them: their texts are shown as written.
  words: LeadWordsSchema.nullish().catch(null),
});
export type AiLead = z.output<typeof AiLeadSchema>;

export const LEAD_SOURCES = ["engine", "model"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What a generation returns: the leads, who wrote them, and why the model was not used if it failed. */
export type LeadGeneration = { leads: AiLead[]; source: LeadSource; notice?: string };
