// Junk to every route of the built server, as an outside tester would send it (issue #43): each page and
// /api route, found from app/routes, gets junk queries, junk forms, bodies of the wrong type, oversized
// bodies, junk JSON and posts from a foreign origin, signed in as an admin. None may answer 5xx, whatever
// Remix or a library does by default; a foreign origin is always 403 and an oversized form 413.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/factories";
import { startServer, stopServers, type Server } from "./servers";

/** A route file's URL, its dynamic segments filled with `param` (Remix's flat routes: docs/guide). */
function pathOf(file: string, param: string): string {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "$") return "/no-such-page/at-all";
  const segments = name.split(/\.(?![^[]*\])/).flatMap((segment) => {
    if (segment === "_index" || segment.startsWith("_")) return [];
    const bare = segment.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
    return [bare.startsWith("$") ? param : bare];
  });
  return `/${segments.join("/")}`;
}

const ROUTE_FILES = readdirSync("app/routes").filter((f) => /\.tsx?$/.test(f) && !f.startsWith("_app.tsx"));
/** Ids no record has (so nothing real is changed), and junk where an id should be. */
const PARAMS = ["999999999", "%00x%27%22%3C"];
const paths = [
  ...new Set(ROUTE_FILES.flatMap((file) => (file.includes("$") ? PARAMS : ["-"]).map((p) => pathOf(file, p)))),
];

/** Sign-in and sign-out routes: junk there could lock this address or end the session the sweep uses. */
const SESSION_PATHS = /^\/(login|logout|api\/auth\/)/;
/** The spreadsheet uploads and a job's photos keep their own, larger caps on the body. */
const UPLOADS = /^\/(import-data|api\/import\/(clients|zoho-customers)|(api\/)?jobs\/[^/]+\/photos)$/;

const huge = "x".repeat(150_000);
const JUNK_QUERY =
  "?page=-5&pageSize=99999999&sort=%27%22%3C&dir=sideways&from=9999-99-99&to=0000-00-00&q=" +
  "%F0%9F%92%A9".repeat(300) +
  "&search=%00&run=..%2F..%2Fetc&redirectTo=%5C%5Cevil.example&groupBy=%5B%5D&active=1&tier=nope";
const JUNK_FORM =
  "intent=%00&id=-1&ids=abc&amount=1e999&rows=999999&saleDate=31-31-2026&token=zzzzzz&name=" +
  "%E2%80%AE".repeat(50) +
  "&list=nope&formId=%3Cscript%3E";
const JUNK_JSON = [
  '{"a":',
  "null",
  "[]",
  '"x"',
  "1e999",
  `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
  // A NUL in text: PostgreSQL refuses it in a text column or parameter.
  JSON.stringify(
    Object.fromEntries(
      ["fullName", "mobileNumber", "name", "description", "reason", "outcome", "email"].map((k) => [k, "a\u0000b"]),
    ),
  ),
];

let server: Server;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  const { user, code } = await createUser({ role: "admin" });
  const res = await fetch(`${server.base}/api/auth/verify-totp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.base },
    body: JSON.stringify({ userId: user.id, token: code() }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
}, 60_000);

afterAll(() => stopServers());

type Sent = { method: string; path: string; what: string; headers?: Record<string, string>; body?: string };

/** The answer's status; 0 when the connection failed (reset, closed) before an answer could be read. */
async function send({ method, path, headers = {}, body }: Sent): Promise<number> {
  try {
    const res = await fetch(`${server.base}${path}`, {
      method,
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.base, ...headers },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Sends each request and answers what broke the rule, as "METHOD path (what) → status". */
async function sweep(requests: Sent[], rule: (status: number, sent: Sent) => boolean): Promise<string[]> {
  const broken: string[] = [];
  for (const sent of requests) {
    const status = await send(sent);
    if (!rule(status, sent)) broken.push(`${sent.method} ${sent.path.slice(0, 80)} (${sent.what}) → ${status}`);
  }
  return broken;
}

describe("junk to every route of the built server", () => {
  it(`finds the routes (${paths.length} paths)`, () => {
    expect(paths).toContain("/customers/999999999/sale");
    expect(paths).toContain("/api/openapi.json");
    expect(paths).toContain("/profile/shop");
  });

  it("answers junk queries with no 5xx", async () => {
    const broken = await sweep(
      paths.map((path) => ({ method: "GET", path: `${path}${JUNK_QUERY}`, what: "junk query" })),
      (status) => status > 0 && status < 500,
    );
    expect(broken).toEqual([]);
  }, 120_000);

  it("answers junk forms, wrong content types and junk JSON with no 5xx", async () => {
    const requests = paths
      .filter((path) => !SESSION_PATHS.test(path))
      .flatMap((path): Sent[] => [
        {
          method: "POST",
          path,
          what: "junk form",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: JUNK_FORM,
        },
        { method: "POST", path, what: "text/plain", headers: { "Content-Type": "text/plain" }, body: "hello" },
        {
          method: "POST",
          path,
          what: "truncated multipart",
          headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
          body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        },
        ...(path.startsWith("/api/")
          ? ["POST", "PUT", "DELETE"].flatMap((method) =>
              JUNK_JSON.map((body) => ({
                method,
                path,
                what: `JSON ${body.slice(0, 12)}`,
                headers: { "Content-Type": "application/json" },
                body,
              })),
            )
          : []),
      ]);
    expect(await sweep(requests, (status) => status < 500)).toEqual([]);
  }, 300_000);

  it("refuses a post from a foreign, null or malformed origin with 403 on every route", async () => {
    const requests = paths.flatMap((path): Sent[] =>
      ["https://evil.example", "null", "::not a url::"].map((origin) => ({
        method: "POST",
        path,
        what: `Origin ${origin}`,
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=b",
      })),
    );
    expect(await sweep(requests, (status) => status === 403)).toEqual([]);
  }, 120_000);

  it("refuses a form over 100 KB with 413 on every route but the uploads, which answer no 5xx", async () => {
    const requests = paths.map((path): Sent => ({
      method: "POST",
      path,
      what: "150 KB form",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `a=${huge}`,
    }));
    expect(
      await sweep(requests, (status, sent) => (UPLOADS.test(sent.path) ? status > 0 && status < 500 : status === 413)),
    ).toEqual([]);
  }, 120_000);
});
