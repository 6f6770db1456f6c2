import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import type { AiLead } from "~/domain/lead-schema";
import * as api from "~/routes/api.ai.generate-leads";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { startFakeOpenAi, type FakeOpenAiBehaviour } from "../support/fake-openai";
import { insertLeadClient } from "../support/lead-clients";

type GenerateBody = { leads: AiLead[]; source: string; notice?: string };

let cookie: string;
const clients: { fullName: string; mobileNumber: string; emiratesId: string | null }[] = [];
let stopServer: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const { user } = await createUser();
  cookie = await sessionCookieFor(user.id);
  clients.push(
    await insertLeadClient(db, {
      name: "Noura Al Mansoori",
      totalAed: 1_500_000,
      purchases: 6,
      lastPurchaseDaysAgo: 140,
    }),
  );
  clients.push(
    await insertLeadClient(db, {
      name: "Rashid Karim",
      totalAed: 120_000,
      purchases: 3,
      lastPurchaseDaysAgo: 60,
      birthdayInDays: 4,
    }),
  );
  clients.push(
    await insertLeadClient(db, {
      name: "Leila Haddad",
      totalAed: 9_000,
      purchases: 2,
      lastPurchaseDaysAgo: 20,
      idExpiresInDays: 10,
    }),
  );
});

afterEach(async () => {
  await stopServer?.();
  stopServer = null;
  for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "AI_TIMEOUT_MS"]) delete process.env[key];
});

async function withModel(behaviour: FakeOpenAiBehaviour, timeoutMs = 10_000) {
  const server = await startFakeOpenAi(behaviour);
  stopServer = server.close;
  process.env.OPENAI_API_KEY = "test-key";
  process.env.OPENAI_BASE_URL = server.baseURL;
  process.env.OPENAI_MODEL = "fake-model";
  process.env.AI_TIMEOUT_MS = String(timeoutMs);
  return server;
}

async function generate() {
  const res = await outcome(
    await callRoute(
      api.action,
      makeRequest("/api/ai/generate-leads", {
        cookie,
        json: { count: 10, location: "dubai", team: null, purchaseDateFilter: null, customDateFrom: null },
      }),
    ),
  );
  expect(res.status).toBe(200);
  return res.body as GenerateBody;
}

async function engineLeads() {
  const body = await generate();
  expect(body.source).toBe("engine");
  return body.leads;
}

describe("lead generation with an OpenAI-compatible model", () => {
  it("uses the model's ranking and words, keeps the facts, and sends no mobile or Emirates ID numbers", async () => {
    const engine = await engineLeads();
    const server = await withModel({
      answer: (candidates) =>
        JSON.stringify({
          leads: [
            // Reversed, plus an id the model made up, which is ignored.
            ...[...candidates].reverse().map((c, i) => ({
              clientId: c.clientId,
              leadScore: 90 - i * 15,
              aiInsights: `Model insight for ${c.name}`,
              reasonForOutreach: "Model reason",
              recommendedProducts: ["Emerald ring", "Gold cuff", "Pearl drops", "Too many"],
              bestContactTime: "Saturday morning",
              suggestedMessage: `Hello ${c.name.split(" ")[0]}, a personal note from the model.`,
            })),
            {
              clientId: 987654,
              leadScore: 99,
              aiInsights: "x",
              reasonForOutreach: "x",
              recommendedProducts: [],
              bestContactTime: "x",
              suggestedMessage: "x",
            },
          ],
        }),
    });

    const body = await generate();
    expect(body.source).toBe("model");
    expect(body.notice).toBeUndefined();
    expect(body.leads.map((l) => l.name)).toEqual([...engine].reverse().map((l) => l.name));
    const first = body.leads[0]!;
    const engineFirst = engine.find((l) => l.clientId === first.clientId)!;
    expect(first).toMatchObject({
      leadScore: 90,
      priority: "Critical",
      aiInsights: `Model insight for ${first.name}`,
      recommendedProducts: ["Emerald ring", "Gold cuff", "Pearl drops"],
      bestContactTime: "Saturday morning",
      mobile: engineFirst.mobile,
      totalSalesValue: engineFirst.totalSalesValue,
    });
    // The model's own English is shown as written on an Arabic page; the engine's segment keeps its words.
    expect(first.words).toEqual({
      ...engineFirst.words,
      insights: null,
      reasons: null,
      contactTime: null,
      products: null,
    });
    expect(first.words!.segment).toEqual(engineFirst.words!.segment);
    expect(first.suggestedMessage).toMatch(/^Hello \w+, a personal note from the model\.$/);
    // An English-speaking client's WhatsApp message is the model's.
    expect(first.whatsappMessage).toBe(first.suggestedMessage);
    expect(body.leads[1]!.priority).toBe("High");

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent).toContain('"model":"fake-model"');
    expect(sent).toContain("json_schema");
    for (const c of clients) {
      expect(sent).toContain(c.fullName);
      expect(sent).not.toContain(c.mobileNumber);
      expect(sent).not.toContain(c.mobileNumber.slice(-7));
      expect(sent).not.toContain(c.emiratesId!);
    }
  });

  it("falls back to the engine's leads with a notice when the answer is not JSON", async () => {
    const engine = await engineLeads();
    await withModel({ answer: () => "Sure! Here are your leads: Noura, Rashid" });
    const body = await generate();
    expect(body.source).toBe("engine");
    expect(body.leads).toEqual(engine);
    expect(body.notice).toMatch(/could not be read: showing the built-in engine's leads/);
  });

  it("falls back when the JSON does not fit the schema, or names no known client", async () => {
    const engine = await engineLeads();
    await withModel({ answer: () => JSON.stringify({ leads: [{ clientId: "one", leadScore: "high" }] }) });
    const wrongShape = await generate();
    expect(wrongShape).toMatchObject({ source: "engine", leads: engine });
    expect(wrongShape.notice).toMatch(/could not be read/);
    await stopServer?.();

    await withModel({
      answer: () =>
        JSON.stringify({
          leads: [
            {
              clientId: 424242,
              leadScore: 50,
              aiInsights: "",
              reasonForOutreach: "",
              recommendedProducts: [],
              bestContactTime: "",
              suggestedMessage: "",
            },
          ],
        }),
    });
    const unknown = await generate();
    expect(unknown).toMatchObject({ source: "engine", leads: engine });
    expect(unknown.notice).toMatch(/no usable leads/);
  });

  it("aborts a model that never answers at AI_TIMEOUT_MS and answers with the engine's leads", async () => {
    const engine = await engineLeads();
    const server = await withModel({ hang: true }, 400);
    const started = Date.now();
    const body = await generate();
    const took = Date.now() - started;
    expect(server.requests).toHaveLength(1);
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(5_000);
    expect(body).toMatchObject({ source: "engine", leads: engine });
    expect(body.notice).toBe("The AI model did not answer within 0.4 s: showing the built-in engine's leads instead.");
  });

  it("reports an unreachable model and still answers", async () => {
    const engine = await engineLeads();
    const server = await withModel({ hang: true });
    await server.close();
    stopServer = null;
    const body = await generate();
    expect(body).toMatchObject({ source: "engine", leads: engine });
    expect(body.notice).toMatch(/could not be reached/);
  });
});
