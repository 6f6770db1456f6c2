import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** SQLite: the migrated template file. PostgreSQL: the template database's name. */
    templateDb: string;
  }
}

function migrate(databaseUrl: string) {
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "pipe",
  });
}

/**
 * Migrates one template database per run; each test file gets its own copy of it. With
 * TEST_PG_URL (a PostgreSQL server URL, see npm run test:pg) the template is a PostgreSQL database.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_PG_URL;
  if (server) {
    const name = `crm_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    migrate(`${server}/${name}`);
    project.provide("templateDb", name);
    return async () => {
      const cleanup = new pg.Client({ connectionString: `${server}/postgres` });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    };
  }
  mkdirSync("tests/.tmp", { recursive: true });
  const template = resolve(`tests/.tmp/template-${process.pid}.db`);
  migrate(`file:${template}`);
  project.provide("templateDb", template);
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(template + suffix, { force: true });
  };
}
