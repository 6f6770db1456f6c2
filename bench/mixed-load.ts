// A mixed load on the built server, loopback only (docs/performance.md): N keep-alive connections
// for a fixed time, each request a page read four times in five (the client book, the dashboard, a
// client's details, a search) and otherwise a write through the JSON API with the signed-in cookie:
// a new client, a contact or a sale. Every acknowledged write is looked for in the database
// afterwards (a write answered 201 and then missing is a lost write), then everything the load
// wrote is removed so the data set stays as generated. The contacts and sales go to clients this
// load created, so removing those clients removes them too.
import http from "node:http";
import { seededRandom } from "../scripts/seeded-random";
import { loopbackAgent, onEveryConnection, PAGE_LOAD_HEADERS } from "./load";
import { percentile } from "./measure";

/** Stored mobiles of the load's clients: the generated book uses 97151…, the import bench 97156–8…. */
const MOBILE_PREFIX = "97159";

export type MixedLoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  reads: number;
  writes: number;
  readP50: number;
  readP99: number;
  writeP50: number;
  writeP99: number;
  /** Answers outside 2xx/3xx and network errors. */
  errors: number;
  acknowledged: { clients: number; interactions: number; sales: number };
  /** Acknowledged writes not in the database afterwards. */
  lostWrites: number;
};

type Answer = { status: number; body: string } | null;

export async function mixedLoad(
  origin: string,
  options: { connections: number; seconds: number; cookie: string; readPaths: string[] },
): Promise<MixedLoadResult> {
  const { db } = await import("~/db/db.server");
  const { businessToday } = await import("~/domain/calendar");
  const base = new URL(origin);
  const agent = loopbackAgent(base, options.connections);
  const removeWritten = () => db.client.deleteMany({ where: { mobileNumber: { startsWith: MOBILE_PREFIX } } });
  await removeWritten();

  // Writes are JSON posts from the app's own origin, as the browser sends them (the server refuses others).
  const send = (method: "GET" | "POST", path: string, json?: unknown) =>
    new Promise<Answer>((resolve) => {
      const body = json === undefined ? undefined : JSON.stringify(json);
      // Reads as a browser's page loads (a client's details then open over a light page, not the list).
      const headers: Record<string, string | number> =
        body === undefined
          ? { ...PAGE_LOAD_HEADERS, Cookie: options.cookie }
          : {
              Cookie: options.cookie,
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body),
              Origin: base.origin,
            };
      const req = http.request(new URL(path, base), { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (body !== undefined) chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => resolve(null));
      });
      req.on("error", () => resolve(null));
      req.end(body);
    });

  const rand = seededRandom(19);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const today = businessToday();
  const clients = new Map<number, string>();
  const interactions = new Map<string, string>();
  const sales = new Map<number, { clientId: number; description: string }>();
  const readTimes: number[] = [];
  const writeTimes: number[] = [];
  let errors = 0;
  let serial = 0;

  // The id a write was acknowledged with (a client's and a sale's are numbers, a contact's a string).
  const idOf = (answer: Answer): unknown =>
    answer?.status === 201 ? (JSON.parse(answer.body) as { data?: { id?: unknown } }).data?.id : undefined;

  const write = async () => {
    const n = ++serial;
    const kind = clients.size === 0 ? 0 : Math.floor(rand() * 3);
    if (kind === 0) {
      const mobile = `${MOBILE_PREFIX}${String(n).padStart(7, "0")}`;
      const id = idOf(
        await send("POST", "/api/clients", {
          fullName: `Load Client ${n}`,
          mobileNumber: `+${mobile}`,
          team: "team_a",
        }),
      );
      if (typeof id !== "number") return false;
      clients.set(id, mobile);
    } else if (kind === 1) {
      const note = `bench mixed load contact ${n}`;
      const id = idOf(
        await send("POST", `/api/clients/${pick([...clients.keys()])}/interactions`, { type: "call", note }),
      );
      if (typeof id !== "string") return false;
      interactions.set(id, note);
    } else {
      const clientId = pick([...clients.keys()]);
      const description = `bench mixed load sale ${n}`;
      const id = idOf(
        await send("POST", `/api/clients/${clientId}/sales`, {
          saleDate: today,
          amount: "1250.50",
          description,
          showroom: "dubai_mall",
        }),
      );
      if (typeof id !== "number") return false;
      sales.set(id, { clientId, description });
    }
    return true;
  };

  try {
    const elapsed = await onEveryConnection(options.connections, options.seconds, async () => {
      const start = performance.now();
      if (rand() < 0.8) {
        const answer = await send("GET", pick(options.readPaths));
        readTimes.push(performance.now() - start);
        if (!answer || answer.status < 200 || answer.status >= 400) errors++;
      } else {
        const ok = await write().catch(() => false);
        writeTimes.push(performance.now() - start);
        if (!ok) errors++;
      }
    });
    agent.destroy();

    const storedClients = await db.client.findMany({
      where: { id: { in: [...clients.keys()] } },
      select: { id: true, mobileNumber: true },
    });
    const storedInteractions = await db.clientInteraction.findMany({
      where: { id: { in: [...interactions.keys()] } },
      select: { id: true, note: true },
    });
    const storedSales = await db.sale.findMany({
      where: { id: { in: [...sales.keys()] } },
      select: { id: true, clientId: true, description: true },
    });
    const found =
      storedClients.filter((c) => clients.get(c.id) === c.mobileNumber).length +
      storedInteractions.filter((i) => interactions.get(i.id) === i.note).length +
      storedSales.filter((s) => {
        const sent = sales.get(s.id);
        return sent?.clientId === s.clientId && sent.description === s.description;
      }).length;

    readTimes.sort((a, b) => a - b);
    writeTimes.sort((a, b) => a - b);
    return {
      connections: options.connections,
      seconds: options.seconds,
      requests: readTimes.length + writeTimes.length,
      requestsPerSecond: (readTimes.length + writeTimes.length) / elapsed,
      reads: readTimes.length,
      writes: writeTimes.length,
      readP50: percentile(readTimes, 50),
      readP99: percentile(readTimes, 99),
      writeP50: percentile(writeTimes, 50),
      writeP99: percentile(writeTimes, 99),
      errors,
      acknowledged: { clients: clients.size, interactions: interactions.size, sales: sales.size },
      lostWrites: clients.size + interactions.size + sales.size - found,
    };
  } finally {
    agent.destroy();
    // The clients' contacts and sales (and their items) go with them.
    await removeWritten();
  }
}
