import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import type { IsoDate } from "~/domain/calendar";
import { leadLocationLabel, tierLabel } from "~/domain/lead-export";
import { LEAD_TIMEOUT_MS } from "~/domain/lead-filters";
import { priorityForScore, teamLabel } from "~/domain/lead-score";
import { teamRange } from "~/domain/recommendations";
import type { TeamChoice } from "~/domain/shop-lists";
import type { AiLead } from "~/domain/lead-schema";
import { readShopLists } from "./shop-lists.server";

/**
 * The optional model: any OpenAI-compatible chat completions server. It receives the engine's
 * shortlist (no Emirates ID numbers, no mobile numbers: clientId is the key), re-ranks it and
 * writes the insights and a WhatsApp message per lead.
 */

export const DEFAULT_MODEL = "gpt-4o-mini";

export type ModelSettings = { apiKey: string; baseURL?: string; model: string; timeoutMs: number };

/** Null when no model is configured (the default): the engine's leads are the answer. */
export function modelSettings(env: NodeJS.ProcessEnv = process.env): ModelSettings | null {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return null;
  const timeout = Number(env.AI_TIMEOUT_MS);
  return {
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
    model: env.OPENAI_MODEL?.trim() || DEFAULT_MODEL,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : LEAD_TIMEOUT_MS,
  };
}

// No length limits in the schema: strict structured outputs reject minLength/maxLength, so
// blank or surplus values are handled when the answer is merged.
const ModelLeadSchema = z.object({
  clientId: z.number().int(),
  leadScore: z.number().int().min(0).max(100),
  aiInsights: z.string(),
  reasonForOutreach: z.string(),
  recommendedProducts: z.array(z.string()),
  bestContactTime: z.string(),
  suggestedMessage: z.string(),
});
const ModelAnswerSchema = z.object({ leads: z.array(ModelLeadSchema) });
type ModelLead = z.output<typeof ModelLeadSchema>;

/** What the model may see of a lead. */
function candidateForModel(lead: AiLead, teams: readonly TeamChoice[]) {
  return {
    clientId: lead.clientId,
    name: lead.name,
    location: leadLocationLabel(lead),
    tier: tierLabel(lead.tier),
    segment: lead.segmentType,
    engineScore: lead.leadScore,
    totalSalesAed: lead.totalSalesValue,
    averagePurchaseAed: lead.expectedRevenue,
    daysSinceLastPurchase: lead.daysSinceLastPurchase,
    facts: lead.aiInsights,
    reasonForOutreach: lead.reasonForOutreach,
    team: teamLabel(lead.recommendedTeam, teams),
    productOptions: [...new Set([...lead.recommendedProducts, ...teamRange(teams, lead.recommendedTeam)])],
    bestContactTime: lead.bestContactTime,
  };
}

function instructions(count: number): string {
  return [
    "You help the sales staff of a jewellery retailer in the UAE decide which clients to contact today.",
    "You receive candidate clients as JSON, already shortlisted and scored 0-100 by a rules engine, with the facts behind each score.",
    `Choose the best ${count} to contact now, most promising first, and for each return:`,
    "clientId (exactly as given), leadScore (0-100, your judgement), aiInsights (one or two sentences for the salesperson),",
    "reasonForOutreach (a few words), recommendedProducts (up to 3, preferably from productOptions), bestContactTime,",
    "and suggestedMessage: a personal, polite WhatsApp message in English to the client by first name, at most 60 words,",
    "warm and respectful, with no prices, scores or internal data.",
    "Only use clientId values from the input.",
  ].join(" ");
}

export type ModelOutcome = { ok: true; leads: AiLead[] } | { ok: false; notice: string };

const FALLBACK = "showing the built-in engine's leads instead.";

/** Why the model's answer was not used, in words for the page. */
function noticeFor(error: unknown, timeoutMs: number): string {
  if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) {
    const seconds = (timeoutMs / 1000).toLocaleString("en", { maximumFractionDigits: 1 });
    return `The AI model did not answer within ${seconds} s: ${FALLBACK}`;
  }
  if (error instanceof APIConnectionError) return `The AI model could not be reached: ${FALLBACK}`;
  if (error instanceof APIError)
    return `The AI model answered with an error${error.status ? ` (${error.status})` : ""}: ${FALLBACK}`;
  return `The AI model's answer could not be read: ${FALLBACK}`;
}

/**
 * The model's leads, in its order, with the facts (name, mobile, money) kept from the engine.
 * Unknown or repeated clientIds are ignored; blank texts keep the engine's wording; a short
 * answer is topped up with the engine's next best leads.
 */
export function mergeModelLeads(shortlist: readonly AiLead[], answer: readonly ModelLead[], count: number): AiLead[] {
  const byId = new Map(shortlist.map((lead) => [lead.clientId, lead]));
  const chosen = new Map<number, AiLead>();
  for (const m of answer) {
    const engine = byId.get(m.clientId);
    if (!engine || chosen.has(m.clientId) || chosen.size >= count) continue;
    const products = m.recommendedProducts
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, 3);
    const [insights, reasons, time] = [m.aiInsights.trim(), m.reasonForOutreach.trim(), m.bestContactTime.trim()];
    chosen.set(m.clientId, {
      ...engine,
      // What the model rewrote is its own English, shown as written; the rest keeps the engine's words.
      words: engine.words && {
        ...engine.words,
        insights: insights ? null : engine.words.insights,
        reasons: reasons ? null : engine.words.reasons,
        contactTime: time ? null : engine.words.contactTime,
        products: products.length > 0 ? null : engine.words.products,
      },
      leadScore: m.leadScore,
      priority: priorityForScore(m.leadScore),
      aiInsights: insights || engine.aiInsights,
      reasonForOutreach: reasons || engine.reasonForOutreach,
      recommendedProducts: products.length > 0 ? products : engine.recommendedProducts,
      bestContactTime: time || engine.bestContactTime,
      suggestedMessage: m.suggestedMessage.trim() || engine.suggestedMessage,
      // The model writes English: a client who reads Arabic keeps the engine's Arabic message.
      whatsappMessage:
        engine.language === "en" ? m.suggestedMessage.trim() || engine.whatsappMessage : engine.whatsappMessage,
    });
  }
  if (chosen.size === 0) return [];
  const ranked = [...chosen.values()].sort((a, b) => b.leadScore - a.leadScore);
  for (const lead of shortlist) {
    if (ranked.length >= count) break;
    if (!chosen.has(lead.clientId)) ranked.push(lead);
  }
  return ranked;
}

/** Asks the model; any timeout, error or unreadable answer comes back as a notice, never a throw. */
export async function writeLeadsWithModel(
  shortlist: readonly AiLead[],
  count: number,
  settings: ModelSettings,
  today: IsoDate,
): Promise<ModelOutcome> {
  const { teams } = await readShopLists();
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    maxRetries: 0,
    timeout: settings.timeoutMs,
  });
  try {
    const completion = await client.chat.completions.parse(
      {
        model: settings.model,
        messages: [
          { role: "system", content: instructions(count) },
          {
            role: "user",
            content: JSON.stringify({
              today,
              count,
              candidates: shortlist.map((lead) => candidateForModel(lead, teams)),
            }),
          },
        ],
        response_format: zodResponseFormat(ModelAnswerSchema, "outreach_leads"),
      },
      { signal: AbortSignal.timeout(settings.timeoutMs) },
    );
    const parsed = completion.choices[0]?.message.parsed;
    const leads = parsed ? mergeModelLeads(shortlist, parsed.leads, count) : [];
    if (leads.length === 0) return { ok: false, notice: `The AI model returned no usable leads: ${FALLBACK}` };
    return { ok: true, leads };
  } catch (error) {
    console.warn("AI lead model failed:", (error instanceof Error ? error.message : String(error)).slice(0, 300));
    return { ok: false, notice: noticeFor(error, settings.timeoutMs) };
  }
}
