// `npm start`: migrate the database, create the first admin if there is none, build if the build
// is missing or older than the sources, then serve on PORT (default 3000). This one-time work runs
// here, once; server.mjs then forks the worker processes (WEB_CONCURRENCY, default one per core).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import "./runtime-env.mjs";

const bin = (name) => join("node_modules", ".bin", name);
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: process.env });

run(bin("prisma"), ["migrate", "deploy"]);
run(bin("tsx"), ["scripts/bootstrap-admin.ts"]);

if (process.env.SKIP_BUILD !== "1") buildIfStale();

process.env.NODE_ENV ??= "production";
await import("../server.mjs");
