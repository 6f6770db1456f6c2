// The document's request schemas are the ones the routes parse: each route's action is called
// with the body reader replaced by one that notes the schema it is handed, and that schema's JSON
// Schema must be the document's. The sources are read too, so a route cannot read a body the
// document does not describe.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { API_CONTRACT, type ApiPath } from "~/http/api-contract.server";
import type * as JsonApi from "~/http/json-api.server";
import { openApiDocument } from "~/http/openapi.server";
import { unlockedAdmin } from "../support/admin-gate";
import { callRoute, makeRequest } from "../support/factories";

const reader = vi.hoisted(() => ({ noting: false, schemas: [] as unknown[] }));

vi.mock("~/http/json-api.server", async (importOriginal) => {
  const actual = await importOriginal<typeof JsonApi>();
  return {
    ...actual,
    readJsonBody: (async (request, schema, options) => {
      if (!reader.noting) return actual.readJsonBody(request, schema, options);
      reader.schemas.push(schema);
      throw new Response("noted", { status: 299 });
    }) satisfies typeof actual.readJsonBody,
  };
});

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
const modules = import.meta.glob<{ action?: Action }>("../../app/routes/api.*.ts", { eager: true });

/** The route file of a documented path (the inverse of the flat-route names). */
function routeFile(path: string): string {
  const name = path
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/^\{(\w+)\}$/, "$$$1").replace(/\./g, "[.]"))
    .join(".");
  return `../../app/routes/${name}.ts`;
}

/** What a JSON Schema of a zod schema is, as zod makes it (the dialect is the document's own). */
function jsonSchemaOf(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

const doc = openApiDocument();
type DocOperation = { requestBody?: { content: Record<string, { schema?: unknown }> } };
const operations = Object.entries(doc.paths as Record<string, Record<string, DocOperation>>).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method, jsonBody: op.requestBody?.content["application/json"] })),
);

let adminCookie: string;
beforeAll(async () => {
  adminCookie = (await unlockedAdmin()).cookie;
});

describe("the document's request schemas", () => {
  it("cover every route that reads a JSON body", () => {
    expect(operations.filter((op) => op.jsonBody).length).toBeGreaterThan(15);
  });

  for (const { path, method, jsonBody } of operations.filter((op) => op.jsonBody)) {
    it(`${method.toUpperCase()} ${path} parses the document's schema`, async () => {
      const action = modules[routeFile(path)]?.action;
      expect(action, `no action in ${routeFile(path)}`).toBeTypeOf("function");
      reader.schemas = [];
      reader.noting = true;
      try {
        // An admin past the gate passes every guard; id 1 reaches the body before any lookup.
        const request = makeRequest(path.replace(/\{[^}]+\}/g, "1"), {
          method: method.toUpperCase(),
          cookie: adminCookie,
        });
        const answer = await callRoute(action!, request, { id: "1" });
        expect((answer as Response).status, "the route answered before reading its body").toBe(299);
      } finally {
        reader.noting = false;
      }
      expect(reader.schemas).toHaveLength(1);
      expect(jsonBody!.schema).toEqual(jsonSchemaOf(reader.schemas[0] as z.ZodType));
    });
  }
});

describe("the route sources", () => {
  for (const [path, entry] of Object.entries(API_CONTRACT as Record<string, ApiPath>)) {
    it(`${path} reads a JSON body only through its entry, for each method the entry gives a body`, () => {
      const source = readFileSync(resolve("app/routes", routeFile(path).split("/").at(-1)!), "utf8");
      const reads = source.match(/readJsonBody\(/g) ?? [];
      const throughContract = [...source.matchAll(/readJsonBody\([^,]+,\s*contract\.(\w+)\.body\(/g)].map(
        (match) => match[1],
      );
      expect(throughContract).toHaveLength(reads.length);
      const withBody = Object.entries(entry)
        .filter(([, op]) => typeof op === "object" && "body" in op)
        .map(([method]) => method);
      expect([...new Set(throughContract)].sort()).toEqual(withBody.sort());
      if (reads.length > 0) expect(source).toContain(`const contract = API_CONTRACT["${path}"];`);
    });
  }
});
