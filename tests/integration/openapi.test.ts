// GET /api/openapi.json, and the document against the route files: every app/routes/api.*.ts
// has its path, its loader a GET and its action exactly the methods the document names, and the
// roles the document names are the ones the route's guard lets through.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/domain/roles";
import { openApiDocument } from "~/http/openapi.server";
import * as me from "~/routes/api.auth.me";
import * as openapi from "~/routes/api.openapi[.]json";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

type Route = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: LoaderFunctionArgs) => unknown };

const ROUTES_DIR = resolve("app/routes");
const modules = import.meta.glob<Route>("../../app/routes/api.*.ts", { eager: true });
const routeFiles = readdirSync(ROUTES_DIR).filter((file) => /^api[.[].*\.tsx?$/.test(file));
const moduleOf = (file: string) => modules[`../../app/routes/${file}`]!;

/**
 * The URL of a Remix flat-route file in OpenAPI's form: dots part segments, `[…]` escapes,
 * `$name` is `{name}`, a lone `$` the splat `{*}`, `_index` and other `_`-led segments add nothing,
 * and a trailing `_` only opts out of a layout.
 */
function routeFileUrl(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  const segments: { text: string; escaped: boolean }[] = [{ text: "", escaped: false }];
  let inEscape = false;
  for (const char of name) {
    const current = segments.at(-1)!;
    if (inEscape) {
      if (char === "]") inEscape = false;
      else current.text += char;
    } else if (char === "[") {
      inEscape = true;
      current.escaped = true;
    } else if (char === ".") segments.push({ text: "", escaped: false });
    else current.text += char;
  }
  const parts = segments.flatMap(({ text, escaped }) => {
    if (escaped) return [text];
    if (text.startsWith("_")) return [];
    const bare = text.replace(/_$/, "");
    if (bare === "$") return ["{*}"];
    return [bare.startsWith("$") ? `{${bare.slice(1)}}` : bare];
  });
  return `/${parts.join("/")}`;
}

const WRITE_METHODS = ["post", "put", "patch", "delete"] as const;

describe("routeFileUrl", () => {
  it("reads the flat-route conventions", () => {
    expect(routeFileUrl("api.clients.$id.sales.ts")).toBe("/api/clients/{id}/sales");
    expect(routeFileUrl("api.reports.sales[.]xlsx.ts")).toBe("/api/reports/sales.xlsx");
    expect(routeFileUrl("api.openapi[.]json.ts")).toBe("/api/openapi.json");
    expect(routeFileUrl("api.clients._index.ts")).toBe("/api/clients");
    expect(routeFileUrl("api.files.$.ts")).toBe("/api/files/{*}");
    expect(routeFileUrl("api.customers_.$id.ts")).toBe("/api/customers/{id}");
  });
});

describe("GET /api/openapi.json", () => {
  let staffCookie: string;
  beforeAll(async () => {
    const roadSales = await createUser({ role: "road_sales" });
    staffCookie = await sessionCookieFor(roadSales.user.id);
  });

  it("answers signed-in staff with the OpenAPI 3.1 document", async () => {
    const res = await outcome(
      await callRoute(openapi.loader, makeRequest("/api/openapi.json", { cookie: staffCookie })),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const doc = res.body as ReturnType<typeof openApiDocument>;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/openapi.json");
    // What is served is the document as built, nothing lost on the way to JSON.
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("refuses an anonymous caller exactly like another /api route", async () => {
    const refused = await outcome(await callRoute(openapi.loader, makeRequest("/api/openapi.json")));
    const likeMe = await outcome(await callRoute(me.loader, makeRequest("/api/auth/me")));
    expect(refused.status).toBe(401);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: likeMe.status, body: likeMe.body });
  });
});

describe("the document covers every /api route", () => {
  const doc = openApiDocument();
  const documented = doc.paths as Record<string, Record<string, unknown>>;

  it("finds the route files", () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    expect(routeFiles.sort()).toEqual(
      Object.keys(modules)
        .map((key) => key.split("/").at(-1)!)
        .sort(),
    );
  });

  it("has a path for every route file and none without one", () => {
    expect(Object.keys(documented).sort()).toEqual(routeFiles.map(routeFileUrl).sort());
  });

  for (const file of routeFiles) {
    const url = routeFileUrl(file);

    it(`${url}: a GET exactly when ${file} has a loader`, () => {
      expect("get" in (documented[url] ?? {})).toBe(typeof moduleOf(file).loader === "function");
    });

    it(`${url}: the write methods ${file}'s action answers, and no others`, async () => {
      const action = moduleOf(file).action;
      const methods = WRITE_METHODS.filter((method) => method in (documented[url] ?? {}));
      if (typeof action !== "function") return expect(methods).toEqual([]);
      expect(methods.length).toBeGreaterThan(0);
      // Anonymous and without a body: the method check comes first, so only a wrong method is a 405.
      for (const method of WRITE_METHODS) {
        const request = makeRequest(url.replace(/\{[^}]+\}/g, "1"), { method: method.toUpperCase() });
        const { status } = await outcome(await callRoute(action, request, { id: "1" }));
        expect(status === 405, `${method.toUpperCase()} ${url} answered ${status}`).toBe(!methods.includes(method));
      }
    });
  }
});

describe("the document's roles are the routes' guards", () => {
  type DocOperation = { "x-roles": Role[]; "x-admin-gate"?: boolean; security?: unknown[] };
  const documented = openApiDocument().paths as Record<string, Record<string, DocOperation>>;
  let cookies: Record<Role, string>;

  beforeAll(async () => {
    const entries = await Promise.all(
      ROLES.map(async (role) => [role, await sessionCookieFor((await createUser({ role })).user.id)] as const),
    );
    cookies = Object.fromEntries(entries) as Record<Role, string>;
  });

  for (const file of routeFiles) {
    const url = routeFileUrl(file);
    for (const [method, op] of Object.entries(documented[url] ?? {})) {
      if (op.security?.length === 0) continue;
      it(`${method.toUpperCase()} ${url} refuses exactly the roles the document leaves out`, async () => {
        const route = moduleOf(file);
        const fn = method === "get" ? route.loader! : route.action!;
        const wrong: string[] = [];
        for (const role of ROLES) {
          // The gate is not unlocked for these sessions, so a gated operation refuses even an admin.
          const allowed = op["x-roles"].includes(role) && !op["x-admin-gate"];
          // Reads run for an allowed role; writes only show their refusals (no body, nothing is changed).
          if (allowed && method !== "get") continue;
          const request = makeRequest(url.replace(/\{[^}]+\}/g, "1"), {
            method: method.toUpperCase(),
            cookie: cookies[role],
          });
          const { status } = await outcome(await callRoute(fn, request, { id: "1" }));
          if (allowed ? status === 401 || status === 403 : status !== 403) wrong.push(`${role}: ${status}`);
        }
        expect(wrong).toEqual([]);
      });
    }
  }
});
