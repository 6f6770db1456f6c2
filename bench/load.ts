// A bounded HTTP load on loopback only: N keep-alive connections for a fixed time against one URL
// of the locally started server. Counts requests, non-2xx answers and errors; latency percentiles.
import http from "node:http";
import { percentile } from "./measure";

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
};

/**
 * What a browser sends with a page load besides its cookie: a document request (so a 500-row list
 * comes as HTML once, decision 023) that takes a compressed answer, as every phone's browser does.
 */
export const PAGE_LOAD_HEADERS = { "Sec-Fetch-Dest": "document", "Accept-Encoding": "gzip, deflate, br" } as const;

/** A keep-alive agent of `connections` sockets for a URL on this machine; anything else is refused. */
export function loopbackAgent(url: URL, connections: number): http.Agent {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname))
    throw new Error("load tests run against loopback only");
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}

/** `connections` loops each sending one request after another until `seconds` pass; answers the seconds taken. */
export async function onEveryConnection(
  connections: number,
  seconds: number,
  request: () => Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await request();
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function boundedLoad(
  url: string,
  options: { connections: number; seconds: number; cookie?: string },
): Promise<LoadResult> {
  const target = new URL(url);
  const agent = loopbackAgent(target, options.connections);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;

  const headers = options.cookie ? { ...PAGE_LOAD_HEADERS, Cookie: options.cookie } : PAGE_LOAD_HEADERS;

  const one = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const req = http.get(target, { agent, headers }, (res) => {
        if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - start);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });

  const elapsed = await onEveryConnection(options.connections, options.seconds, one);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    non2xx,
    requests: latencies.length,
  };
}
