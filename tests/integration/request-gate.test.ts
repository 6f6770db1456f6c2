// The request gate server.mjs puts in front of Remix (server/request-gate.mjs), on a real Express
// app on a free loopback port: requests take turns in arrival order, the next starts when an
// answer's headers go out (not when a slow body ends), and a request busy past its slice lets the
// next in beside it.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestConcurrency, requestGate } from "../../server/request-gate.mjs";

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app behind a gate of one, logging when each request's handler starts and ends its work. */
async function startApp(sliceMs: number) {
  const log: string[] = [];
  const app = express();
  app.use(requestGate({ concurrency: 1, sliceMs }));
  // Works for `ms`, then answers at once.
  app.get("/work/:name/:ms", (req, res) => {
    log.push(`start ${req.params.name}`);
    void pause(Number(req.params.ms)).then(() => {
      log.push(`answer ${req.params.name}`);
      res.send("done");
    });
  });
  // Sends its headers at once, then a body that takes `ms` to arrive.
  app.get("/slow-body/:name/:ms", (req, res) => {
    log.push(`start ${req.params.name}`);
    res.status(200).type("text/plain");
    res.write("first part ");
    void pause(Number(req.params.ms)).then(() => {
      log.push(`body end ${req.params.name}`);
      res.end("last part");
    });
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string) => fetch(base + path).then((r) => r.text());
  return { log, get, base };
}

describe("the request gate", () => {
  it("lets one request work at a time, in the order they came", async () => {
    const { log, get } = await startApp(5_000);
    const answers: Promise<string>[] = [];
    for (const name of ["a", "b", "c"]) {
      answers.push(get(`/work/${name}/60`));
      await pause(10);
    }
    expect(await Promise.all(answers)).toEqual(["done", "done", "done"]);
    expect(log).toEqual(["start a", "answer a", "start b", "answer b", "start c", "answer c"]);
  });

  it("lets the next request in once an answer starts to go out, not when its body ends", async () => {
    const { log, get } = await startApp(5_000);
    const slow = get("/slow-body/a/400");
    await pause(50);
    expect(await get("/work/b/10")).toBe("done");
    expect(log).toEqual(["start a", "start b", "answer b"]);
    expect(await slow).toBe("first part last part");
  });

  it("lets the next request in beside one still busy after its slice", async () => {
    const { log, get } = await startApp(50);
    const long = get("/work/a/600");
    await pause(10);
    const started = performance.now();
    expect(await get("/work/b/10")).toBe("done");
    // b waited for a's slice, not for a's 600 ms.
    expect(performance.now() - started).toBeLessThan(400);
    expect(log).toEqual(["start a", "start b", "answer b"]);
    await long;
  });

  it("skips a request whose client left while it waited", async () => {
    const { log, get, base } = await startApp(5_000);
    const first = get("/work/a/150");
    await pause(10);
    const controller = new AbortController();
    const abandoned = fetch(`${base}/work/b/10`, { signal: controller.signal }).catch(() => null);
    await pause(30);
    controller.abort();
    await abandoned;
    expect(await first).toBe("done");
    expect(await get("/work/c/10")).toBe("done");
    expect(log).toEqual(["start a", "answer a", "start c", "answer c"]);
  });
});

describe("REQUEST_CONCURRENCY", () => {
  it("takes a positive whole number, else one on SQLite and four on PostgreSQL", () => {
    expect(requestConcurrency({ REQUEST_CONCURRENCY: "3" }, true)).toBe(3);
    expect(requestConcurrency({}, true)).toBe(1);
    expect(requestConcurrency({}, false)).toBe(4);
    for (const junk of ["0", "-2", "1.5", "many", ""])
      expect(requestConcurrency({ REQUEST_CONCURRENCY: junk }, true)).toBe(1);
  });
});
