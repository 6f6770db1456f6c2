// The production server: Remix's Express adapter, so the app sees the client address (for
// per-address rate limits) and every response carries the security headers. See
// docs/decisions/002-express-server.md. It runs as a primary that forks one worker per core
// (WEB_CONCURRENCY): docs/decisions/012-worker-processes.md.
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import cluster from "node:cluster";
import { hostname } from "node:os";
import { fileURLToPath } from "node:url";
import express from "express";
import { CANNOT_LISTEN, closeGracefully, runPrimary } from "./server/cluster.mjs";
import { insecureCookieWarning, installRequestPolicy } from "./server/http-policy.mjs";
import { bodyForRemix, bodyGate, crossSiteGate } from "./server/request-guards.mjs";
import { requestConcurrency, requestGate } from "./server/request-gate.mjs";
import { prepareSqlite, sqliteFile, startCheckpointer, startDailyOptimize } from "./server/sqlite-wal.mjs";

if (cluster.isPrimary) {
  // Which server this is across restarts (machine, address, port) and when this start began: the
  // workers inherit both, mark the imports they run with the first, and at their start fail the
  // runs an earlier start of this server left running (app/services/import.server.ts). PORT=0
  // (any free port) names no server that could start again.
  const port = Number(process.env.PORT || 3000);
  if (port > 0) process.env.CRM_SERVER_RUNNER = `${hostname()} ${process.env.HOST || "0.0.0.0"}:${port}`;
  process.env.CRM_SERVER_STARTED_AT = String(Date.now());
  prepareSqlite();
  startDailyOptimize();
  const cookieWarning = insecureCookieWarning(process.env);
  if (cookieWarning) console.warn(cookieWarning);
  startCheckpointer();
  runPrimary({ exec: fileURLToPath(import.meta.url) });
  let announced = false;
  cluster.on("listening", (_worker, address) => {
    if (announced) return;
    announced = true;
    // The bound port, so PORT=0 (any free port) says where it went.
    const host = process.env.HOST || "0.0.0.0";
    console.log(`Jewel CRM listening on http://${host === "0.0.0.0" ? "localhost" : host}:${address.port}`);
  });
} else {
  installGlobals({ nativeFetch: true });

  const buildDir = process.env.BUILD_DIR || "build";
  // The build exists only once built, so its module cannot be type-checked; it is Remix's ServerBuild.
  /** @type {import("@remix-run/node").ServerBuild} */
  const build = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || "0.0.0.0";

  const app = express();
  app.disable("x-powered-by");
  // Proxy trust (TRUST_PROXY), HTTPS (APP_ORIGIN), CSP nonce, security headers, default no-store.
  installRequestPolicy(app, process.env);
  app.use(compression());

  // Fingerprinted build assets never change; everything else in public/ is revalidated hourly.
  app.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
  // The service worker script is always revalidated, so a new version reaches phones on their next visit.
  app.use(
    express.static(`${buildDir}/client`, {
      maxAge: "1h",
      setHeaders: (res, path) => {
        if (path.endsWith("entry.worker.js")) res.set("Cache-Control", "no-cache");
      },
    }),
  );
  // Pages and the API take turns; the files above never wait (docs/decisions/026-request-gate.md).
  app.use(requestGate({ concurrency: requestConcurrency(process.env, sqliteFile() !== null) }));
  // Where a post comes from and what its body is, checked before Remix's own check and any action
  // reads it: the app's 403, 413, 415 and 400 instead of the framework's 500 (server/request-guards.mjs).
  const entry = build.entry.module;
  app.use(
    crossSiteGate({
      isCrossSite: entry.isCrossSite,
      listed: entry.listedOrigins(process.env.APP_ORIGIN),
      refuse: entry.edgeRefusal,
    }),
  );
  app.use(bodyGate({ limit: entry.MAX_FORM_BODY_BYTES, uploadPaths: entry.UPLOAD_PATHS, refuse: entry.edgeRefusal }));
  const handleRemix = createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // The nonce reaches every inline script the app renders (app/entry.server.tsx).
    getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
  });
  app.all("*", (req, res, next) => {
    handleRemix(bodyForRemix(req), res, next).catch(next);
  });

  // Imports the previous start of this server left running died with it: their kinds are free at once.
  await entry.failImportsOfPreviousStart().then(
    (count) => count > 0 && console.log(`Imports: ${count} run(s) left running by the previous start marked failed.`),
    (error) => console.error("Could not fail the imports the previous start left", error),
  );
  const server = app.listen(port, host);
  server.on("error", (error) => {
    // Nothing to retry when the address is taken: the primary stops instead of restarting workers.
    console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(CANNOT_LISTEN);
  });
  closeGracefully(server);
  // The daily retention job: every worker asks, the database lease lets one run it per day
  // (docs/decisions/015-client-data-rights.md).
  entry.startScheduledJobs();
}
