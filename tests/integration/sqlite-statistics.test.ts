import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareSqlite } from "../../server/sqlite-wal.mjs";

// A book that arrived in bulk (an import, a restore, the bench's data set) has no planner statistics;
// the server's start brings them up to date, so the first queries choose their indexes well.
describe("the server's start on a SQLite file", () => {
  const dir = mkdtempSync(join(tmpdir(), "sqlite-statistics-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("analyses tables that have no statistics and turns on WAL", () => {
    const file = join(dir, "book.db");
    const sqlite = new Database(file);
    sqlite.exec("CREATE TABLE client (id INTEGER PRIMARY KEY, team TEXT); CREATE INDEX client_team ON client (team);");
    const insert = sqlite.prepare("INSERT INTO client (team) VALUES (?)");
    sqlite.transaction(() => {
      for (let i = 0; i < 5_000; i++) insert.run(`team_${i % 3}`);
    })();
    sqlite.close();

    prepareSqlite({ DATABASE_URL: `file:${file}` });

    const after = new Database(file, { readonly: true });
    try {
      expect(after.pragma("journal_mode", { simple: true })).toBe("wal");
      const stats = after.prepare("SELECT tbl, idx, stat FROM sqlite_stat1").all();
      expect(stats).toContainEqual(expect.objectContaining({ tbl: "client", idx: "client_team" }));
    } finally {
      after.close();
    }
  });

  it("does nothing for a PostgreSQL database", () => {
    expect(() => prepareSqlite({ DATABASE_URL: "postgresql://127.0.0.1:1/none" })).not.toThrow();
  });
});
