import { z } from "zod";
import { PRODUCT_NAME } from "~/domain/product";
import { ROLES, checkAccess, type Role } from "~/domain/roles";
import {
  API_CONTRACT,
  API_METHODS,
  type ApiAccess,
  type ApiOperation,
  type ApiPath,
  type ApiQueryParameter,
} from "./api-contract.server";
import { MAX_JSON_BODY_BYTES } from "./json-api.server";

type JsonSchema = Record<string, unknown>;

/**
 * A request schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends (`io:
 * "input"`, before defaults and transforms). Refinements have no JSON Schema form; the 400's
 * details carry them.
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }));
}

/** The document states its dialect once (OpenAPI 3.1 is 2020-12), so each schema drops its own `$schema`. */
function withoutDialect({ $schema: _dialect, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

/** Every /api failure: `{error}`, and `details` where input was refused (app/http/json-api.server.ts). */
const ErrorBody = z.looseObject({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

function rolesFor(access: ApiAccess): Role[] {
  if (access === "public") return [...ROLES];
  if (access === "unlocked-admin") return ["admin"];
  return ROLES.filter((role) => checkAccess(role, access) === null);
}

/** The answers every operation of its kind has: the guard's, the body reader's, the method check's. */
function commonAnswers(method: string, op: ApiOperation): Record<number, string> {
  const answers: Record<number, string[]> = {};
  const add = (status: number, text: string) => (answers[status] ??= []).push(text);
  if (op.body) add(400, "The body is not JSON or fails its schema: {error, details: [{path, message}]}");
  if (op.body) add(413, `The body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`);
  if (op.access !== "public") add(401, "Not signed in");
  if (rolesFor(op.access).length < ROLES.length) add(403, "Not allowed for your role");
  if (op.access === "unlocked-admin") add(403, "User management is locked: verify a code first");
  if (method !== "get") add(403, "Cross-site request refused");
  if (method !== "get") add(405, "Another method (the Allow header names this route's)");
  return Object.fromEntries(Object.entries(answers).map(([status, texts]) => [status, texts.join("; ")]));
}

function responsesOf(method: string, op: ApiOperation) {
  const common = commonAnswers(method, op);
  const statuses = [...new Set([...Object.keys(op.responses), ...Object.keys(common)].map(Number))].sort(
    (a, b) => a - b,
  );
  return Object.fromEntries(
    statuses.map((status) => {
      const description = [op.responses[status], common[status]].filter(Boolean).join("; ");
      if (status >= 400)
        return [
          status,
          { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ];
      const content = op.download
        ? Object.fromEntries(op.download.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]))
        : { "application/json": {} };
      return [status, { description, content }];
    }),
  );
}

function parametersOf(path: string, entry: ApiPath, query: Record<string, ApiQueryParameter> = {}) {
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    description: entry.params?.[name!],
    schema: { type: "string" },
  }));
  const inQuery = Object.entries(query).map(([name, param]) => ({
    name,
    in: "query",
    required: param.required ?? false,
    description: param.description,
    schema: requestJsonSchema(param.schema),
  }));
  return [...inPath, ...inQuery];
}

function operationOf(path: string, entry: ApiPath, method: string, op: ApiOperation) {
  const body = op.body?.();
  return {
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? "").toUpperCase())}`,
    tags: [path.split("/")[2]!],
    ...(op.access === "public" ? { security: [] } : {}),
    "x-roles": rolesFor(op.access),
    ...(op.access === "unlocked-admin" ? { "x-admin-gate": true } : {}),
    parameters: parametersOf(path, entry, op.query),
    ...(body
      ? {
          requestBody: {
            required: !body.safeParse(undefined).success,
            content: { "application/json": { schema: requestJsonSchema(body) } },
          },
        }
      : {}),
    ...(op.upload
      ? {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    [op.upload.field]: {
                      type: "string",
                      contentMediaType: "application/octet-stream",
                      description: op.upload.description,
                    },
                  },
                  required: [op.upload.field],
                },
              },
            },
          },
        }
      : {}),
    responses: responsesOf(method, op),
  };
}

/**
 * The OpenAPI 3.1 document of every /api route, made from API_CONTRACT: the request schemas are
 * the ones the routes parse. Success bodies are described in words only; they are not schemas yet.
 */
export function openApiDocument() {
  const paths = Object.fromEntries(
    Object.entries(API_CONTRACT as Record<string, ApiPath>).map(([path, entry]) => [
      path,
      Object.fromEntries(
        API_METHODS.flatMap((method) => {
          const op = entry[method];
          return op ? [[method, operationOf(path, entry, method, op)]] : [];
        }),
      ),
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: "1",
      description:
        "The JSON face of the staff app's services. Calls are made with a signed-in session's cookie; posts from a browser must come from the app's own origin. `x-roles` names the roles an operation allows.",
    },
    servers: [{ url: "/" }],
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "crm_session",
          description: "The session cookie set at sign-in (__Host-crm_session over HTTPS).",
        },
      },
      schemas: { Error: withoutDialect(z.toJSONSchema(ErrorBody, { io: "output" })) },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
