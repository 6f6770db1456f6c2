// Runs before each integration test file: a fresh SQLite file copied from the migrated template,
// so every file starts from an empty, real database.
import { copyFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, inject } from "vitest";

const file = resolve(`tests/.tmp/int-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
copyFileSync(inject("templateDb"), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SESSION_SECRET ??= "integration-test-secret";
process.env.APP_TIMEZONE ??= "Asia/Dubai";

afterAll(async () => {
  const { db } = await import("~/db.server");
  await db.$disconnect();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
