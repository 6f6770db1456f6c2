// Shared by `npm start` and the operator scripts: loads .env when present, then makes sure the
// app has a SESSION_SECRET (generated once into ./data, git-ignored) so a fresh clone runs with
// nothing configured.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

if (!process.env.SESSION_SECRET) {
  const file = "data/session-secret";
  if (!existsSync(file)) {
    mkdirSync("data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}
