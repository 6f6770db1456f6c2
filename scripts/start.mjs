// `npm start`: migrate the database, create the first admin if there is none, build if the build
// is missing or older than the sources, then serve on PORT (default 3000).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import "./runtime-env.mjs";

const bin = (name) => join("node_modules", ".bin", name);
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: process.env });

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

run(bin("prisma"), ["migrate", "deploy"]);
if (!existsSync("app/generated/prisma/client.ts") || !existsSync("app/generated/prisma-pg/client.ts")) run("npm", ["run", "db:generate", "--silent"]);
run(bin("tsx"), ["scripts/bootstrap-admin.ts"]);

const serverBuild = `${process.env.BUILD_DIR || "build"}/server/index.js`;
const stale = !existsSync(serverBuild) || newestMtime("app") > statSync(serverBuild).mtimeMs;
if (stale && process.env.SKIP_BUILD !== "1") run("npm", ["run", "build"]);

process.env.NODE_ENV ??= "production";
await import("../server.mjs");
