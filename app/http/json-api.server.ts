import { z } from "zod";
import type { Message } from "~/domain/messages";
import { english, englishIssue } from "~/i18n/english.server";

/** One field's complaint in a 400 answer: where (dot path, "" for the whole body) and what. */
export type InputIssue = { path: string; message: string };

/** The largest JSON body an /api route reads; the largest real one (a bulk delete of 5,000 ids) is about 70 KB. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

export const BODY_NOT_JSON = "The request body is not valid JSON";
export const BODY_NOT_JSON_TYPE = "Send the body as JSON (Content-Type: application/json)";
export const BODY_TOO_LARGE = `The request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`;

/** The /api answer to input it cannot use: `{error, details:[{path, message}]}`. */
export function inputError(error: string, details: InputIssue[], status = 400): Response {
  return Response.json({ error, details }, { status });
}

/** A 400 of issues that may carry message codes: each in English, the first as the error. */
export function issuesError(issues: readonly { path: string; message: Message | string }[]): Response {
  const details = issues.map((issue) => ({ path: issue.path, message: english(issue.message) }));
  return inputError(details[0]!.message, details);
}

function wholeBody(message: string, status = 400): Response {
  return inputError(message, [{ path: "", message }], status);
}

/** A text field of a JSON body with a sane bound (ids, codes, phone numbers, emails). */
export function boundedString() {
  return z.string().max(200, "Too long");
}

/** A body that must be a JSON object whose fields a service checks itself (the client schema). */
export function jsonObject(message: string) {
  return z.looseObject({}, { error: message });
}

/** 405 with the Allow header every HTTP client understands. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/** Throws the 405 unless the request uses one of `allowed` (upper-case method names). */
export function requireMethod(request: Request, allowed: readonly string[]): void {
  if (!allowed.includes(request.method.toUpperCase())) throw methodNotAllowed(allowed);
}

function isJsonType(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** The body as text, refusing (null) once it passes the cap, so a huge body is never buffered whole. */
async function readCapped(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_JSON_BODY_BYTES) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only when the other is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The one way an /api route reads its JSON body: checked against `schema`, or a thrown 400
 * `{error, details}` (413 past the size cap) for a wrong content type, bad JSON or a failed
 * schema. An empty body is read as `undefined`, so a schema with a default serves routes whose
 * payload is optional. `error` replaces the top-level message where a route's contract fixes one;
 * otherwise it is the first issue's message.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { error?: Message | string } = {},
): Promise<z.output<S>> {
  const text = await readCapped(request);
  if (text === null) throw wholeBody(BODY_TOO_LARGE, 413);
  let value: unknown = undefined;
  if (text.trim() !== "") {
    if (!isJsonType(request.headers.get("content-type"))) throw wholeBody(BODY_NOT_JSON_TYPE);
    try {
      value = JSON.parse(text);
    } catch {
      throw wholeBody(BODY_NOT_JSON);
    }
  }
  const parsed = await schema.safeParseAsync(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: englishIssue(issue) }));
  throw inputError(options.error ? english(options.error) : (details[0]?.message ?? "Invalid input"), details);
}
