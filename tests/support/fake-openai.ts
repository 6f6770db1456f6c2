import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The candidates the app sent in its user message (see app/services/ai-model.server.ts). */
export type SentCandidate = { clientId: number; name: string; engineScore: number } & Record<string, unknown>;

export type FakeOpenAiBehaviour =
  /** Answers with this content (built from the candidates the app sent). */
  | { answer: (candidates: SentCandidate[]) => string }
  /** Accepts the request and never answers. */
  | { hang: true };

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 for tests: point OPENAI_BASE_URL at
 * `baseURL`. Every request body is kept in `requests` (raw text) so tests can check what was sent.
 */
export async function startFakeOpenAi(behaviour: FakeOpenAiBehaviour) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      requests.push(body);
      if ("hang" in behaviour) return;
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions"))
        return reply(res, 404, { error: { message: "not found" } });
      const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
      const user = messages.find((m) => m.role === "user")!;
      const candidates = (JSON.parse(user.content) as { candidates: SentCandidate[] }).candidates;
      reply(res, 200, {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: "fake-model",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: behaviour.answer(candidates), refusal: null },
            finish_reason: "stop",
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
