import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/** Migrates one template database per run; each test file gets its own copy of it. */
export default function setup(project: TestProject) {
  mkdirSync("tests/.tmp", { recursive: true });
  const template = resolve(`tests/.tmp/template-${process.pid}.db`);
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${template}` },
    stdio: "pipe",
  });
  project.provide("templateDb", template);
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(template + suffix, { force: true });
  };
}
