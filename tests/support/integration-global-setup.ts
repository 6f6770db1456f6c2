import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

export const TEMPLATE_DB = resolve("tests/.tmp/template.db");

/** Migrates one template database per run; each test file gets its own copy of it. */
export default function setup() {
  mkdirSync("tests/.tmp", { recursive: true });
  rmSync(TEMPLATE_DB, { force: true });
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` },
    stdio: "pipe",
  });
}
