// Shared by `npm start` and the operator scripts: loads .env when present. The application's keys
// need nothing here: ENCRYPTION_KEY when set, else the key file ./.secrets/keys, created on first
// use outside ./data (app/auth/keys.server.ts; docs/operations.md, "Keys and rotation").
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
