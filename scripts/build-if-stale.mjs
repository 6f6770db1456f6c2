// Builds the app when the server build is missing or older than any source under app/ or server.mjs
// (used by npm start and the bench, so a fresh clone or a pulled change never runs an old build).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds when stale; returns whether it built. `run` runs the build command (by default with its
 * output in this terminal; npm start sends it to its log).
 */
export function buildIfStale(
  run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: process.env }),
) {
  const serverBuild = `${process.env.BUILD_DIR || "build"}/server/index.js`;
  const stale =
    !existsSync(serverBuild) ||
    Math.max(newestMtime("app"), statSync("server.mjs").mtimeMs) > statSync(serverBuild).mtimeMs;
  if (stale) run("npm", ["run", "build", "--silent"]);
  return stale;
}
