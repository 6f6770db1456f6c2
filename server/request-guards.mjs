// What server.mjs checks on every state-changing request before Remix sees it: where it comes from
// and what its body is. Remix's own CSRF check (throwIfPotentialCSRFAttack in
// @remix-run/server-runtime) and an action's request.formData() throw plain errors, which become a
// 500 with an empty body; here they become the app's own 403, 400, 413 and 415 answers. The rule
// and the answers come from the server build (app/domain/cross-site.ts,
// app/http/edge-refusals.server.ts); this module decides only when. Kept apart from server.mjs so
// the tests run the same code on a throwaway app. docs/operations.md, "Security".
import { Readable } from "node:stream";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
// `\u0000` in a JSON text, unless its backslash is itself escaped (`\\u0000` is text).
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/** @typedef {"cross_site" | "too_large" | "unreadable" | "wrong_type" | "nul_character"} Refusal */
/** @typedef {(request: Request, reason: Refusal) => Promise<Response>} Refuse */

/**
 * The request's URL as @remix-run/express builds it for the app (createRemixRequest): scheme and
 * host name under Express's proxy trust, the port from X-Forwarded-Host or else Host.
 * @param {import("express").Request} req
 */
export function remixUrl(req) {
  /** @param {string | undefined} host */
  const portOf = (host) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwarded = portOf(req.get("x-forwarded-host"));
  const own = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(own) ? own : "";
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/**
 * The host Remix compares the Origin's host with: the first X-Forwarded-Host entry, else Host.
 * @param {import("express").Request} req
 */
function hostRemixCompares(req) {
  return req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
}

/**
 * The request without its body, for the app's answer (which reads headers only).
 * @param {import("express").Request} req
 */
function headersOnly(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Request(remixUrl(req), { method: req.method, headers });
}

/**
 * Sends the app's refusal for `req`.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {import("express").NextFunction} next
 * @param {Refuse} refuse
 * @param {Refusal} reason
 */
function sendRefusal(req, res, next, refuse, reason) {
  Promise.resolve()
    .then(() => refuse(headersOnly(req), reason))
    .then(async (response) => {
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    })
    .catch(next);
}

/**
 * Refuses a state-changing request from a foreign, "null" or malformed Origin (or Referer) with
 * the app's 403 and audit entry. One it accepts never meets Remix's own check, which compares
 * only the Origin's host with X-Forwarded-Host or Host and so would throw for an APP_ORIGIN entry
 * behind a proxy that rewrites Host: such an Origin, already checked, is not passed on (the app's
 * guards then read the Referer, as for any request without an Origin).
 * @param {{ isCrossSite: (source: { method: string, origin: string | null, referer: string | null,
 *   ownOrigin: string, listed: readonly string[] }) => boolean, listed: readonly string[], refuse: Refuse }} options
 * @returns {import("express").RequestHandler}
 */
export function crossSiteGate({ isCrossSite, listed, refuse }) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin") ?? null;
    let ownOrigin;
    try {
      ownOrigin = remixUrl(req).origin;
    } catch {
      // No usable Host: the adapter could not build the request either.
      return res.status(400).type("text/plain").send("Bad Request");
    }
    const source = { method: req.method, origin, referer: req.get("referer") ?? null, ownOrigin, listed };
    if (isCrossSite(source)) return sendRefusal(req, res, next, refuse, "cross_site");
    // Accepted, so the Origin parses (the app's own or a listed one).
    if (origin !== null && new URL(origin).host !== hostRemixCompares(req)) delete req.headers.origin;
    next();
  };
}

/** @type {WeakMap<import("express").Request, Buffer>} */
const readBodies = new WeakMap();

/**
 * Reads a body up to `limit` bytes: the bytes, or null once it passes the limit (the rest is
 * left to drain), or undefined when the client went away.
 * @param {import("express").Request} req
 * @param {number} limit
 * @returns {Promise<Buffer | null | undefined>}
 */
function readUpTo(req, limit) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    /** @param {Buffer | null | undefined} value */
    const finish = (value) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      resolve(value);
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) finish(null);
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onGone = () => finish(undefined);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  });
}

/** The most of a refused body read and dropped so its client reads the 413; past it the connection is cut. */
const DISCARD_LIMIT = 10 * 1024 * 1024;

/**
 * Reads and drops the rest of a body refused as too large. Closing the connection while the client
 * still sends makes the kernel reset it, and the client (a browser, fetch) reports a network error
 * instead of the 413 and its message; drained, the connection carries the answer and stays usable.
 * @param {import("express").Request} req
 */
function discardRest(req) {
  let dropped = 0;
  req.on("data", (/** @type {Buffer} */ chunk) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMIT) req.destroy();
  });
  req.resume();
}

/**
 * Whether a multipart body parses: the same parser as the action's request.formData().
 * @param {Buffer} body
 * @param {string} contentType
 */
async function readableMultipart(body, contentType) {
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/** @param {string} type */
function isJsonType(type) {
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Bounds and checks the body of every state-changing request except the uploads (which cap their
 * own): over `limit` bytes → 413 (at once when Content-Length says so, else once the count
 * passes it; the rest is read and dropped, so the client reads the answer); a type the route cannot read → 415 (pages read forms,
 * /api also JSON); a multipart form that does not parse → 400. An empty body without a type is an
 * empty form. What passes is handed to Remix by bodyForRemix.
 * @param {{ limit: number, uploadPaths: readonly string[], refuse: Refuse }} options
 * @returns {import("express").RequestHandler}
 */
export function bodyGate({ limit, uploadPaths, refuse }) {
  // An upload path's `:id` segment stands for any one segment (a job's id).
  const patterns = uploadPaths.map(
    (path) =>
      new RegExp(
        `^${path
          .split("/")
          .map((s) => (s === ":id" ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("/")}$`,
      ),
  );
  const isUpload = (/** @type {string} */ route) => patterns.some((p) => p.test(route));
  return (req, res, next) => {
    // A single-fetch request (`/import-data.data`) goes to the same route as its page.
    const route = req.path === "/_root.data" ? "/" : req.path.replace(/\.data$/, "");
    if (SAFE_METHODS.has(req.method)) return next();
    if (isUpload(route)) {
      // An upload answered before its body was read (signed out, refused, too large) leaves the rest
      // unread and the connection stuck: the client's next request on it is reset. Once the answer is
      // out, nothing reads the request any more, so its rest is dropped here.
      res.once("finish", () => {
        if (req.complete || req.destroyed) return;
        req.removeAllListeners("data");
        discardRest(req);
      });
      return next();
    }
    const api = route === "/api" || route.startsWith("/api/");
    /** @param {Refusal} reason */
    const refused = (reason) => {
      if (reason === "too_large") {
        // A declared size past what is worth reading is not read: the connection closes after the answer.
        if (Number(req.get("content-length")) > DISCARD_LIMIT) res.set("Connection", "close");
        else discardRest(req);
      }
      sendRefusal(req, res, next, refuse, reason);
    };
    if (Number(req.get("content-length")) > limit) return refused("too_large");
    readUpTo(req, limit).then(async (body) => {
      if (body === undefined) return;
      if (body === null) return refused("too_large");
      // A NUL character no person types, and PostgreSQL refuses it in any text: in the path (an id), a
      // form field or a JSON string it is a 400 here rather than a database error (a 500) later.
      if (/%00/i.test(req.originalUrl.split("?")[0] ?? "")) return refused("nul_character");
      const contentType = req.get("content-type") ?? "";
      const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (type === "" && body.length === 0) {
        if (!api) req.headers["content-type"] = FORM;
      } else if (type === MULTIPART) {
        if (!(await readableMultipart(body, contentType))) return refused("unreadable");
      } else if (type !== FORM && !(api && isJsonType(type))) return refused("wrong_type");
      const nul = type === FORM ? /%00/ : type === MULTIPART ? /\0/ : JSON_NUL;
      if (nul.test(body.toString("latin1"))) return refused("nul_character");
      readBodies.set(req, body);
      next();
    }, next);
  };
}

/**
 * The request as the Remix adapter should read it: when bodyGate has read the body, a view of
 * `req` whose stream members (those the adapter's StreamPump in @remix-run/node uses) replay
 * those bytes; everything else (headers, URL, proxy trust) is req's own.
 * @param {import("express").Request} req
 * @returns {import("express").Request}
 */
export function bodyForRemix(req) {
  const body = readBodies.get(req);
  if (body === undefined) return req;
  const replay = Readable.from(body.length > 0 ? [body] : [], { objectMode: false });
  const view = Object.create(req);
  for (const name of ["on", "once", "off", "addListener", "removeListener", "pause", "resume", "destroy"])
    view[name] = /** @type {any} */ (replay)[name].bind(replay);
  Object.defineProperty(view, "readable", { get: () => replay.readable });
  Object.defineProperty(view, "readableHighWaterMark", { get: () => replay.readableHighWaterMark });
  return view;
}
