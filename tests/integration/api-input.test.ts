// Junk to every /api route that takes input: each answers 4xx (never 5xx), and a wrong method
// answers 405 with an Allow header. The routes are found from app/routes/api.*.ts, so a new
// route with an action fails the first test until it is described here.
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { MAX_JSON_BODY_BYTES } from "~/http/json-api.server";
import { unlockedAdmin } from "../support/admin-gate";
import { ORIGIN, callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
type Who = "anonymous" | "staff" | "unlocked admin";

/**
 * How each route with an action is called: per method, what body it reads. "json" routes must refuse every junk body
 * with a 4xx; "multipart" routes (file uploads) likewise; "none" routes read no body, so junk is
 * ignored, but must still never cause a 5xx.
 */
type Body = "json" | "multipart" | "none";
const ROUTES: Record<string, { path: string; methods: Record<string, Body>; who: Who }> = {
  "api.ai.generate-leads": { path: "/api/ai/generate-leads", methods: { POST: "json" }, who: "staff" },
  "api.auth.login": { path: "/api/auth/login", methods: { POST: "json" }, who: "anonymous" },
  // Signed out, so it does not end the session the other routes use.
  "api.auth.logout": { path: "/api/auth/logout", methods: { POST: "none" }, who: "anonymous" },
  "api.auth.totp.setup": { path: "/api/auth/totp/setup", methods: { POST: "json" }, who: "staff" },
  "api.auth.totp.verify-login": {
    path: "/api/auth/totp/verify-login",
    methods: { POST: "json" },
    who: "anonymous",
  },
  "api.auth.totp.verify-setup": { path: "/api/auth/totp/verify-setup", methods: { POST: "json" }, who: "staff" },
  "api.auth.user-login": { path: "/api/auth/user-login", methods: { POST: "json" }, who: "anonymous" },
  "api.auth.verify-otp-for-action": {
    path: "/api/auth/verify-otp-for-action",
    methods: { POST: "json" },
    who: "staff",
  },
  "api.auth.verify-totp": { path: "/api/auth/verify-totp", methods: { POST: "json" }, who: "staff" },
  "api.clients": { path: "/api/clients", methods: { POST: "json" }, who: "staff" },
  "api.clients.$id": { path: "/api/clients/:id", methods: { PUT: "json" }, who: "staff" },
  "api.clients.bulk": { path: "/api/clients/bulk", methods: { DELETE: "json" }, who: "staff" },
  // Reads no body; each junk post is a reveal (well under the hourly limit).
  "api.clients.$id.reveal-emirates-id": {
    path: "/api/clients/:id/reveal-emirates-id",
    methods: { POST: "none" },
    who: "staff",
  },
  "api.clients.$id.consent": { path: "/api/clients/:id/consent", methods: { PUT: "json" }, who: "staff" },
  // Every junk body is refused before the client is looked at: nothing is erased.
  "api.clients.$id.erase": { path: "/api/clients/:id/erase", methods: { POST: "json" }, who: "unlocked admin" },
  "api.clients.$id.interactions": { path: "/api/clients/:id/interactions", methods: { POST: "json" }, who: "staff" },
  "api.clients.$id.sales": { path: "/api/clients/:id/sales", methods: { POST: "json" }, who: "staff" },
  "api.sales.$id.void": { path: "/api/sales/:id/void", methods: { POST: "json" }, who: "staff" },
  // Reads no body; no pair 1 in this database, so junk meets the guard or a 404.
  "api.clients.duplicates.$pairId.dismiss": {
    path: "/api/clients/duplicates/1/dismiss",
    methods: { POST: "none" },
    who: "unlocked admin",
  },
  // Junk is refused before a client is looked at: nothing is merged.
  "api.clients.merge": { path: "/api/clients/merge", methods: { POST: "json" }, who: "staff" },
  // Reads no body; no merge 1 in this database, so junk meets the guard or a 404.
  "api.clients.merges.$mergeId.undo": {
    path: "/api/clients/merges/1/undo",
    methods: { POST: "none" },
    who: "unlocked admin",
  },
  "api.clients.$id.jobs": { path: "/api/clients/:id/jobs", methods: { POST: "json" }, who: "staff" },
  "api.jobs.$id.payments": { path: "/api/jobs/:id/payments", methods: { POST: "json" }, who: "staff" },
  "api.jobs.$id.status": { path: "/api/jobs/:id/status", methods: { POST: "json" }, who: "staff" },
  // Reads no body; the job is open, so junk meets a 404 or 409 and nothing is refunded.
  "api.jobs.$id.payments.$paymentId.refund": {
    path: "/api/jobs/:id/payments/1/refund",
    methods: { POST: "none" },
    who: "staff",
  },
  "api.jobs.$id.photos": { path: "/api/jobs/:id/photos", methods: { POST: "multipart" }, who: "staff" },
  "api.follow-ups": { path: "/api/follow-ups", methods: { POST: "json" }, who: "staff" },
  "api.follow-ups.$id": { path: "/api/follow-ups/:id", methods: { PUT: "json" }, who: "staff" },
  "api.import.clients": { path: "/api/import/clients", methods: { POST: "multipart" }, who: "staff" },
  "api.import.zoho-customers": {
    path: "/api/import/zoho-customers",
    methods: { POST: "multipart" },
    who: "staff",
  },
  "api.users": { path: "/api/users", methods: { POST: "json" }, who: "unlocked admin" },
  // The shop's lists; the rows are the ones every database starts with.
  "api.showrooms": { path: "/api/showrooms", methods: { POST: "json" }, who: "unlocked admin" },
  "api.showrooms.$id": { path: "/api/showrooms/dubai_mall", methods: { PUT: "json" }, who: "unlocked admin" },
  "api.teams": { path: "/api/teams", methods: { POST: "json" }, who: "unlocked admin" },
  "api.teams.$id": { path: "/api/teams/team_a", methods: { PUT: "json" }, who: "unlocked admin" },
  "api.item-categories": { path: "/api/item-categories", methods: { POST: "json" }, who: "unlocked admin" },
  "api.item-categories.$id": {
    path: "/api/item-categories/ring",
    methods: { PUT: "json" },
    who: "unlocked admin",
  },
  "api.gold-rates": { path: "/api/gold-rates", methods: { POST: "json" }, who: "unlocked admin" },
  "api.reports.cash.$id.reported": {
    path: "/api/reports/cash/1/reported",
    methods: { POST: "json" },
    who: "unlocked admin",
  },
  "api.quotes": { path: "/api/quotes", methods: { POST: "json" }, who: "staff" },
  // Before the DELETE below, which removes the colleague both act on.
  "api.users.$id.generate-otp": {
    path: "/api/users/:id/generate-otp",
    methods: { POST: "none" },
    who: "unlocked admin",
  },
  "api.users.$id": { path: "/api/users/:id", methods: { PUT: "json", DELETE: "none" }, who: "unlocked admin" },
};

const modules = import.meta.glob<{ action?: Action; loader?: Action }>("../../app/routes/api.*.ts", { eager: true });
const actions = Object.fromEntries(
  Object.entries(modules)
    .filter(([, mod]) => typeof mod.action === "function")
    .map(([file, mod]) => [file.replace(/^.*\/(api\..*)\.ts$/, "$1"), mod.action!]),
);

const loaders = Object.fromEntries(
  Object.entries(modules)
    .filter(([, mod]) => typeof mod.loader === "function")
    .map(([file, mod]) => [file.replace(/^.*\/(api\..*)\.ts$/, "$1"), mod.loader!]),
);

const huge = "x".repeat(100_000);
const FIELDS = [
  "email",
  "password",
  "token",
  "otpCode",
  "userId",
  "phoneNumber",
  "additionalDevice",
  "clientIds",
  "otpVerified",
  "count",
  "location",
  "team",
  "purchaseDateFilter",
  "customDateFrom",
  "fullName",
  "mobileNumber",
  "country",
  "emirate",
  "totalSalesValue",
  "lastPurchaseDate",
  "dateOfBirth",
  "newSaleAmount",
  "ringSize",
  "preferredMetals",
  "preferredStones",
  "styles",
  "budgetBand",
  "familyMembers",
  "name",
  "role",
  "department",
  "isActive",
  "authType",
];
const every = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

/** Each junk body: what it is, the raw text and its content type. */
const JUNK: { label: string; text: string; type: string | null }[] = [
  { label: "invalid JSON", text: '{"email": "a@b.c", ', type: "application/json" },
  { label: "JSON null", text: "null", type: "application/json" },
  { label: "an empty array", text: "[]", type: "application/json" },
  { label: "an array of objects", text: JSON.stringify([every("x")]), type: "application/json" },
  { label: "a bare string", text: '"hello"', type: "application/json" },
  { label: "a bare number", text: "42", type: "application/json" },
  { label: "fields of the wrong type (objects)", text: JSON.stringify(every({ $gt: "" })), type: "application/json" },
  { label: "fields of the wrong type (arrays)", text: JSON.stringify(every([1, 2])), type: "application/json" },
  { label: "fields of the wrong type (numbers)", text: JSON.stringify(every(-1e308)), type: "application/json" },
  { label: "fields set to null", text: JSON.stringify(every(null)), type: "application/json" },
  { label: "100 KB strings", text: JSON.stringify(every(huge)), type: "application/json" },
  { label: "one 100 KB string", text: JSON.stringify({ email: huge, token: huge }), type: "application/json" },
  { label: "JSON sent as text/plain", text: JSON.stringify({ email: "a@b.c", token: "123456" }), type: "text/plain" },
  { label: "a form post", text: "email=a%40b.c&token=123456", type: "application/x-www-form-urlencoded" },
  { label: "JSON with no content type", text: JSON.stringify({ email: "a@b.c" }), type: null },
];

let cookies: Record<Exclude<Who, "anonymous">, string>;
let params: Record<string, string>;
let saleParams: Record<string, string>;
let jobParams: Record<string, string>;

beforeAll(async () => {
  const staff = await createUser({ role: "sales_front" });
  const admin = await unlockedAdmin();
  cookies = { staff: await sessionCookieFor(staff.user.id), "unlocked admin": admin.cookie };
  // Real targets, so the body is read rather than refused as "not found".
  const created = await outcome(
    await callRoute(
      actions["api.clients"]!,
      makeRequest("/api/clients", {
        cookie: cookies.staff,
        json: { fullName: "Junk Target", mobileNumber: "0551234567", team: "team_a" },
      }),
    ),
  );
  expect(created.status).toBe(201);
  const client = (created.body as { data: { id: number } }).data;
  const colleague = await createUser({ role: "sales_back" });
  params = { id: String(client.id) };
  ROUTES["api.users.$id"]!.path = `/api/users/${colleague.user.id}`;
  ROUTES["api.users.$id.generate-otp"]!.path = `/api/users/${colleague.user.id}/generate-otp`;
  ROUTES["api.clients.$id"]!.path = `/api/clients/${client.id}`;
  ROUTES["api.clients.$id.sales"]!.path = `/api/clients/${client.id}/sales`;
  ROUTES["api.clients.$id.erase"]!.path = `/api/clients/${client.id}/erase`;
  // A sale the staff member recorded today, so the void route reads (and refuses) the body.
  const sale = await outcome(
    await callRoute(
      actions["api.clients.$id.sales"]!,
      makeRequest(`/api/clients/${client.id}/sales`, {
        cookie: cookies.staff,
        json: { saleDate: "2026-01-02", amount: "10" },
      }),
      params,
    ),
  );
  expect(sale.status).toBe(201);
  saleParams = { id: String((sale.body as { data: { id: number } }).data.id) };
  ROUTES["api.sales.$id.void"]!.path = `/api/sales/${saleParams.id}/void`;
  // A job, so its payment and status routes read (and refuse) the body.
  ROUTES["api.clients.$id.jobs"]!.path = `/api/clients/${client.id}/jobs`;
  const job = await outcome(
    await callRoute(
      actions["api.clients.$id.jobs"]!,
      makeRequest(`/api/clients/${client.id}/jobs`, {
        cookie: cookies.staff,
        json: { type: "repair", description: "Clasp", promisedDate: "2099-01-01", price: "10" },
      }),
      params,
    ),
  );
  expect(job.status).toBe(201);
  jobParams = { id: String((job.body as { data: { id: number } }).data.id) };
  ROUTES["api.jobs.$id.payments"]!.path = `/api/jobs/${jobParams.id}/payments`;
  ROUTES["api.jobs.$id.status"]!.path = `/api/jobs/${jobParams.id}/status`;
  ROUTES["api.jobs.$id.photos"]!.path = `/api/jobs/${jobParams.id}/photos`;
  ROUTES["api.jobs.$id.payments.$paymentId.refund"]!.path = `/api/jobs/${jobParams.id}/payments/1/refund`;
});

function junkRequest(path: string, method: string, who: Who, junk: (typeof JUNK)[number]): Request {
  const headers = new Headers({ Origin: ORIGIN });
  if (who !== "anonymous") headers.set("Cookie", cookies[who]);
  if (junk.type) headers.set("Content-Type", junk.type);
  return new Request(`${ORIGIN}${path}`, { method, headers, body: junk.text });
}

/** What the server would answer: a thrown Response or data() as such, any other throw as a 500. */
async function answer(action: Action, request: Request, routeParams: Record<string, string>) {
  try {
    return await outcome(await action({ request, params: routeParams, context: {} }));
  } catch (thrown) {
    const isAnswer = thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit";
    return isAnswer ? outcome(thrown) : { status: 500, body: String(thrown), headers: new Headers() };
  }
}

function paramsFor(file: string, path: string) {
  if (file.startsWith("api.users.$id")) return { id: path.split("/")[3]! };
  if (file === "api.sales.$id.void") return saleParams;
  if (file === "api.clients.duplicates.$pairId.dismiss") return { pairId: "1" };
  if (file === "api.clients.merges.$mergeId.undo") return { mergeId: "1" };
  if (file === "api.jobs.$id.payments.$paymentId.refund") return { ...jobParams, paymentId: "1" };
  if (file.startsWith("api.jobs.$id")) return jobParams;
  if (/^api\.(showrooms|teams|item-categories)\.\$id$/.test(file)) return { id: path.split("/")[3]! };
  return [
    "api.clients.$id",
    "api.clients.$id.sales",
    "api.clients.$id.jobs",
    "api.clients.$id.reveal-emirates-id",
    "api.clients.$id.erase",
  ].includes(file)
    ? params
    : {};
}

describe("every /api route with an action", () => {
  it("is described here (a new route must say how it is called)", () => {
    expect(Object.keys(actions).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [file, route] of Object.entries(ROUTES)) {
    for (const [method, body] of Object.entries(route.methods)) {
      it(`${method} ${route.path} answers junk with ${body === "none" ? "no 5xx" : "a 4xx"}`, async () => {
        const answers: string[] = [];
        for (const junk of JUNK) {
          const request = junkRequest(route.path, method, route.who, junk);
          const res = await answer(actions[file]!, request, paramsFor(file, route.path));
          const ok = body === "none" ? res.status < 500 : res.status >= 400 && res.status < 500;
          if (!ok) answers.push(`${junk.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          if (body === "json" && res.status >= 400 && res.status < 500 && ![401, 403, 429].includes(res.status))
            expect(typeof (res.body as { error?: unknown }).error, `${junk.label} should say what is wrong`).toBe(
              "string",
            );
        }
        expect(answers).toEqual([]);
      });
    }

    it(`${route.path} refuses another method with 405 and an Allow header`, async () => {
      const request = makeRequest(route.path, {
        method: "PATCH",
        json: {},
        cookie: route.who === "anonymous" ? undefined : cookies[route.who],
      });
      const res = await outcome(await callRoute(actions[file]!, request, paramsFor(file, route.path)));
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe(Object.keys(route.methods).join(", "));
    });
  }
});

describe("every /api route with a loader", () => {
  // Query strings and path ids a client could send by mistake (or on purpose).
  const queries = [
    "?page=-1&limit=abc&tier=%00&emirate=%F0%9F%92%8E&notPurchasedFor=99",
    `?search=${huge.slice(0, 8_000)}&page=99999999999999999999&limit=1e9`,
    "?page[]=1&limit=0&search=%27%20OR%201%3D1--&role=admin&id=..%2F..%2Fetc",
    "?id=&run=&search=%",
  ];
  const ids = ["abc", "-1", "0", "99999999999999999999", huge.slice(0, 2_000)];

  for (const file of Object.keys(loaders)) {
    it(`${file} answers odd queries and ids without a 5xx`, async () => {
      const answers: string[] = [];
      for (const query of queries)
        for (const id of file.includes("$id") ? ids : [""]) {
          const path = `/${file.replace(/\./g, "/").replace("$id", encodeURIComponent(id))}${query}`;
          const request = makeRequest(path, { cookie: cookies["unlocked admin"] });
          const res = await answer(loaders[file]!, request, file.includes("$id") ? { id } : {});
          // Signed in as an admin past the gate, so a refusal would mean the input was never read.
          if (res.status >= 500 || res.status === 401 || res.status === 403)
            answers.push(`${path.slice(0, 120)}: ${res.status}`);
        }
      expect(answers).toEqual([]);
    });
  }
});

describe("the JSON body reader", () => {
  const staffPost = (body: string, type: string) =>
    callRoute(
      actions["api.clients"]!,
      new Request(`${ORIGIN}/api/clients`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookies.staff, "Content-Type": type },
        body,
      }),
    );

  it("answers bad JSON, a wrong content type and a non-object with {error, details:[{path, message}]}", async () => {
    expect(await outcome(await staffPost("{", "application/json"))).toMatchObject({
      status: 400,
      body: {
        error: "The request body is not valid JSON",
        details: [{ path: "", message: "The request body is not valid JSON" }],
      },
    });
    expect(await outcome(await staffPost("{}", "text/plain"))).toMatchObject({
      status: 400,
      body: { error: "Send the body as JSON (Content-Type: application/json)" },
    });
    expect(await outcome(await staffPost("[1]", "application/json"))).toMatchObject({
      status: 400,
      body: {
        error: "Send the client as a JSON object",
        details: [{ path: "", message: "Send the client as a JSON object" }],
      },
    });
  });

  it("refuses a body past the size cap with 413 without creating anything", async () => {
    const before = await db.client.count();
    const body = JSON.stringify({ fullName: "y".repeat(MAX_JSON_BODY_BYTES), mobileNumber: "971559999999" });
    expect((await outcome(await staffPost(body, "application/json"))).status).toBe(413);
    expect(await db.client.count()).toBe(before);
  });

  it("still reads a well-formed body (application/json with a charset)", async () => {
    const body = JSON.stringify({ fullName: "Charset Client", mobileNumber: "0551230000", team: "team_a" });
    const res = await outcome(await staffPost(body, "application/json; charset=utf-8"));
    expect(res.status).toBe(201);
    expect(await db.client.count({ where: { fullName: "Charset Client" } })).toBe(1);
  });
});
