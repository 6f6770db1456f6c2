// Runs before each integration test file: a fresh database copied from the migrated template,
// so every file starts from an empty, real database (a SQLite file, or with TEST_PG_URL a
// PostgreSQL database created from the template).
import { copyFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";

process.env.ENCRYPTION_KEY ??= "integration-test-key-not-for-production";
process.env.APP_TIMEZONE ??= "Asia/Dubai";

const server = process.env.TEST_PG_URL;
const name = `crm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
const file = resolve(`tests/.tmp/int-${name}.db`);

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

if (server) {
  // CREATE DATABASE ... TEMPLATE fails while another copy of the template is in progress: retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDb")}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  process.env.DATABASE_URL = `${server}/${name}`;
} else {
  copyFileSync(inject("templateDb"), file);
  process.env.DATABASE_URL = `file:${file}`;
}

afterAll(async () => {
  const { db } = await import("~/db/db.server");
  await db.$disconnect();
  if (server) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
