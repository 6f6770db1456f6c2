// The production server: Remix's Express adapter, so the app sees the client address (for
// per-address rate limits) and every response carries the security headers. See
// docs/decisions/002-express-server.md.
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

installGlobals({ nativeFetch: true });

const buildDir = process.env.BUILD_DIR || "build";
const build = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy set TRUST_PROXY=1 so req.ip and req.protocol come from X-Forwarded-*.
app.set("trust proxy", process.env.TRUST_PROXY === "1");
app.use(compression());

const contentSecurityPolicy = [
  "default-src 'self'",
  // Remix streams its hydration data in inline scripts.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://wa.me",
  "object-src 'none'",
].join("; ");

app.use((req, res, next) => {
  // The only trusted source of the client address for the app (a client-sent value is replaced).
  req.headers["x-remix-client-ip"] = req.ip || req.socket.remoteAddress || "unknown";
  res.set({
    "Content-Security-Policy": contentSecurityPolicy,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  });
  if (req.protocol === "https") res.set("Strict-Transport-Security", "max-age=31536000");
  next();
});

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
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

app.listen(port, host, () =>
  console.log(`Jewel CRM listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`),
);
