import type { LoaderFunctionArgs } from "@remix-run/node";
import { createUserSession } from "~/auth/session.server";
import { generateTotpSecret, totpCode } from "~/auth/totp.server";
import { db } from "~/db/db.server";
import { linkOperatorDevice } from "~/services/authenticators.server";
import type { Role } from "~/domain/roles";

export const ORIGIN = "http://localhost";

let seq = 0;

/** A user with a linked authenticator; returns the secret so tests can compute codes. */
export async function createUser(
  overrides: {
    role?: Role;
    name?: string;
    email?: string;
    authType?: "totp" | "otp";
    isActive?: boolean;
    phone?: string;
  } = {},
) {
  seq += 1;
  const secret = generateTotpSecret();
  const user = await db.user.create({
    data: {
      name: overrides.name ?? `Test User ${seq}`,
      email: overrides.email ?? `user${seq}-${Date.now()}@example.com`,
      role: overrides.role ?? "sales_front",
      authType: overrides.authType ?? "totp",
      isActive: overrides.isActive ?? true,
      phone: overrides.phone,
    },
  });
  // The sealed secret is bound to its owner's id, so the device is added once the user has one.
  if (overrides.authType !== "otp") await linkOperatorDevice(user.id, secret, { label: "Test phone" });
  return { user, secret, code: (at: Date = new Date()) => totpCode(secret, at) };
}

/** Signs a user in the way a returning user is: a session row and its cookie (no code spent). */
export async function sessionCookieFor(userId: string): Promise<string> {
  const setCookie = await createUserSession(userId, new Request(`${ORIGIN}/login`));
  return setCookie.split(";")[0]!;
}

/** A new staff member of `role`, signed in: the user, their code's secret and a session cookie. */
export async function signedInStaff(role: Role, details: { name?: string } = {}) {
  const staff = await createUser({ role, ...details });
  return { ...staff, cookie: await sessionCookieFor(staff.user.id) };
}

type RequestOptions = {
  method?: string;
  cookie?: string;
  form?: Record<string, string | string[]>;
  json?: unknown;
  headers?: Record<string, string>;
  origin?: string | null;
};

/** A request as a browser on this origin would send it (Origin header on posts). */
export function makeRequest(path: string, options: RequestOptions = {}): Request {
  const method = options.method ?? (options.form || options.json !== undefined ? "POST" : "GET");
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (method !== "GET" && options.origin !== null) headers.set("Origin", options.origin ?? ORIGIN);
  let body: BodyInit | undefined;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) for (const v of [value].flat()) form.append(key, v);
    body = form;
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

/** Runs a loader/action and returns the Response it returned or threw (redirects, 4xx). */
export async function callRoute(
  fn: (args: LoaderFunctionArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<unknown> {
  try {
    return await fn({ request, params, context: {} });
  } catch (thrown) {
    return thrown;
  }
}

/** The status and body of what a route returned or threw (Response or single-fetch data()). */
export async function outcome(result: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: result.status, body, headers: result.headers };
  }
  if (
    result &&
    typeof result === "object" &&
    "type" in result &&
    (result as { type: string }).type === "DataWithResponseInit"
  ) {
    const d = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** Adds a client through POST /api/clients as the cookie's user, as any client of the API does, and returns its id. */
export async function addClientThroughApi(cookie: string, fields: Record<string, unknown>): Promise<number> {
  const clientsApi = await import("~/routes/api.clients");
  const res = await outcome(await callRoute(clientsApi.action, makeRequest("/api/clients", { cookie, json: fields })));
  if (res.status !== 201) throw new Error(`POST /api/clients answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { data: { id: number } }).data.id;
}
