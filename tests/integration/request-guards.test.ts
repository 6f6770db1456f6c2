// The checks server.mjs makes before Remix (server/request-guards.mjs), with the app's own rule and
// answers, on a real Express app on a free loopback port. Behind them stands what the Remix adapter
// does with a request: build it (createRemixRequest), run Remix's own CSRF check — which throws, a
// 500, for any Origin whose host is not Host / X-Forwarded-Host — and read the form. Nothing here
// may answer 500.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
// What the Remix adapter does with a request (not re-exported by the package), and Remix's own
// check, run by handleDocumentRequest and the single-fetch handler before any action.
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { throwIfPotentialCSRFAttack } from "@remix-run/server-runtime/dist/actions.js";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { isCrossSite, listedOrigins } from "~/domain/cross-site";
import { edgeRefusal, MAX_FORM_BODY_BYTES, UPLOAD_PATHS } from "~/http/edge-refusals.server";
import { installRequestPolicy } from "../../server/http-policy.mjs";
import { bodyForRemix, bodyGate, crossSiteGate } from "../../server/request-guards.mjs";

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** What Remix does before an action, then the action reading its body. */
async function standInForRemix(req: express.Request, res: express.Response) {
  try {
    const request = createRemixRequest(bodyForRemix(req), res);
    throwIfPotentialCSRFAttack(request.headers);
    const isApi = req.path.startsWith("/api/");
    const body = isApi ? await request.text() : Object.fromEntries(await request.formData());
    res.json({ body, url: request.url });
  } catch (error) {
    res.status(500).json({ error: String(error) });
  }
}

async function startApp(env: Record<string, string | undefined> = {}) {
  const app = express();
  installRequestPolicy(app, env);
  app.use(crossSiteGate({ isCrossSite, listed: listedOrigins(env.APP_ORIGIN), refuse: edgeRefusal }));
  app.use(bodyGate({ limit: MAX_FORM_BODY_BYTES, uploadPaths: UPLOAD_PATHS, refuse: edgeRefusal }));
  app.all("*", (req, res) => {
    void standInForRemix(req, res);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

type Answer = { status: number; type: string; text: string };

/** One raw HTTP request (any Host, Origin or framing), its body written in `chunks` when given. */
function send(
  port: number,
  path: string,
  {
    method = "POST",
    headers = {},
    body,
    chunks,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[] },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A whole body is sent with its length (Node frames a DELETE's body with neither length nor chunks).
    const framing = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers: { ...framing, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), text }));
    });
    req.on("error", reject);
    if (chunks) {
      for (const chunk of chunks) req.write(chunk);
      req.end();
    } else req.end(body);
  });
}

const form = (fields: Record<string, string>) => ({
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const multipart = (body: string) => ({
  headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
  body,
});

async function refusalAudit(path: string) {
  for (let i = 0; i < 50; i++) {
    const row = await db.auditLog.findFirst({
      where: { action: "auth.access_refused", targetId: path },
      orderBy: { createdAt: "desc" },
    });
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe("cross-site posts", () => {
  it("a foreign, null or malformed Origin gets the app's 403 page and an audit entry, never Remix's 500", async () => {
    const port = await startApp();
    const origins = ["https://evil.example", "null", "not a url", `http://127.0.0.1:${port}/`];
    for (const [i, origin] of origins.entries()) {
      const path = `/customers/${900 + i}/whatsapp`;
      const answer = await send(port, path, {
        ...form({ message: "hi" }),
        headers: { ...form({}).headers, Origin: origin },
      });
      expect(answer.status, origin).toBe(403);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.text).toContain("sent from another website");
      const audit = await refusalAudit(path);
      expect(JSON.parse(audit!.details!)).toEqual({ reason: "cross_site", method: "POST" });
      expect(audit!.ip).toBe("127.0.0.1");
    }
  });

  it("a `.data` request and an /api route answer JSON; the page speaks the browser's language", async () => {
    const port = await startApp();
    const evil = { Origin: "https://evil.example", "Content-Type": "application/json" };
    for (const path of ["/customers/1/whatsapp.data", "/api/clients", "/api/clients/1"]) {
      const answer = await send(port, path, {
        method: path.endsWith("/1") ? "DELETE" : "POST",
        headers: evil,
        body: "{}",
      });
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.text)).toEqual({ error: expect.stringContaining("another website") });
      expect(await refusalAudit(path)).not.toBeNull();
    }
    const arabic = await send(port, "/language", {
      headers: { Origin: "https://evil.example", "Accept-Language": "ar" },
      body: "",
    });
    expect(arabic.status).toBe(403);
    expect(arabic.text).toContain('lang="ar" dir="rtl"');
    expect(arabic.text).toContain("من موقع آخر");
  });

  it("the app's own origin and APP_ORIGIN's entries pass, and then Remix's own check too", async () => {
    const port = await startApp({ APP_ORIGIN: "https://crm.example.test" });
    const own = await send(port, "/language", {
      ...form({ language: "ar" }),
      headers: { ...form({}).headers, Origin: `http://127.0.0.1:${port}` },
    });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).body).toEqual({ language: "ar" });
    // A proxy that rewrites Host: the browser's Origin is the public URL, listed in APP_ORIGIN.
    const listed = await send(port, "/language", {
      ...form({ language: "en" }),
      headers: { ...form({}).headers, Origin: "https://crm.example.test", Referer: "https://crm.example.test/login" },
    });
    expect(listed.status, listed.text).toBe(200);
    // An X-Forwarded-Host nobody trusts does not turn the app's own origin into Remix's 500.
    const stray = await send(port, "/language", {
      ...form({ language: "en" }),
      headers: { ...form({}).headers, Origin: `http://127.0.0.1:${port}`, "X-Forwarded-Host": "elsewhere.example" },
    });
    expect(stray.status, stray.text).toBe(200);
  });
});

describe("bodies an action cannot read", () => {
  const truncated = '--XYZ\r\nContent-Disposition: form-data; name="language"\r\n\r\nar\r\n--XY';

  it("text/plain, JSON to a page, and a truncated multipart body get 415 or 400 with a message", async () => {
    const port = await startApp();
    for (const path of ["/login", "/language"]) {
      const plain = await send(port, path, { headers: { "Content-Type": "text/plain" }, body: "language=ar" });
      expect(plain.status, path).toBe(415);
      expect(plain.text).toContain("reads only form submissions");
      const json = await send(port, path, { headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(json.status, path).toBe(415);
      const cut = await send(port, path, multipart(truncated));
      expect(cut.status, path).toBe(400);
      expect(cut.text).toContain("could not be read");
      const noBoundary = await send(port, path, { headers: { "Content-Type": "multipart/form-data" }, body: "x" });
      expect(noBoundary.status, path).toBe(400);
    }
  });

  it("a whole multipart form, a form and an empty body without a type reach the action intact", async () => {
    const port = await startApp();
    const whole = await send(port, "/language", multipart(`${truncated}Z--\r\n`));
    expect(whole.status, whole.text).toBe(200);
    expect(JSON.parse(whole.text).body).toEqual({ language: "ar" });
    const empty = await send(port, "/logout", { body: "" });
    expect(empty.status, empty.text).toBe(200);
    expect(JSON.parse(empty.text).body).toEqual({});
    const api = await send(port, "/api/clients", { headers: { "Content-Type": "application/json" }, body: '{"a":1}' });
    expect(JSON.parse(api.text).body).toBe('{"a":1}');
  });
});

it("a NUL character in a form field, a JSON string or a posted path is a 400 that says so", async () => {
  const port = await startApp();
  const inForm = await send(port, "/login", form({ email: "a\u0000@example.com" }));
  expect(inForm.status).toBe(400);
  expect(inForm.text).toContain("NUL character");
  const json = { "Content-Type": "application/json" };
  const inJson = await send(port, "/api/clients", { headers: json, body: '{"firstName":"A\\u0000"}' });
  expect(inJson.status).toBe(400);
  const inPath = await send(port, "/api/clients/%00x", { method: "PUT", headers: json, body: "{}" });
  expect(inPath.status).toBe(400);
  // An escaped backslash before "u0000" is text, not a NUL: it reaches the action.
  const text = await send(port, "/api/clients", { headers: json, body: '{"note":"C:\\\\u0000"}' });
  expect(text.status, text.text).toBe(200);
});

describe("body size", () => {
  const big = "x".repeat(200 * 1024);

  it("a form or JSON body over 100 KB is refused with 413, declared or chunked", async () => {
    const port = await startApp();
    const declared = await send(port, "/login", form({ email: big }));
    expect(declared.status).toBe(413);
    expect(declared.text).toContain("larger than 100 KB");
    const chunked = await send(port, "/language", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      chunks: Array.from({ length: 20 }, () => Buffer.from(`a=${"y".repeat(10 * 1024)}&`)),
    });
    expect(chunked.status).toBe(413);
    const json = await send(port, "/api/auth/login", {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: big }),
    });
    expect(json.status).toBe(413);
    expect(JSON.parse(json.text)).toEqual({ error: expect.stringContaining("100 KB") });
  });

  it("a body just under the limit arrives whole; uploads keep their own cap", async () => {
    const port = await startApp();
    const value = "z".repeat(MAX_FORM_BODY_BYTES - 100);
    const under = await send(port, "/customers/delete.data", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      chunks: [Buffer.from("intent=confirm&note="), Buffer.from(value)],
    });
    expect(under.status).toBe(200);
    expect(JSON.parse(under.text).body).toEqual({ intent: "confirm", note: value });
    const upload = `--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${big}\r\n--XYZ--\r\n`;
    const imported = await send(port, "/import-data?kind=clients", multipart(upload));
    expect(imported.status).toBe(200);
    // A job's photos: `:id` in UPLOAD_PATHS stands for the one segment, and nothing longer.
    expect((await send(port, "/api/jobs/12/photos", multipart(upload))).status).toBe(200);
    expect((await send(port, "/jobs/12/photos", multipart(upload))).status).toBe(200);
    expect((await send(port, "/jobs/12/photos/x", multipart(upload))).status).toBe(413);
  });
});
