// npm run docs:privacy: writes the role × field table of docs/privacy.md from the field registry
// (app/domain/privacy-table.ts), formatted as `npm run lint` expects.
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { withPrivacyTable } from "../app/domain/privacy-table";

const FILE = "docs/privacy.md";
const options = { ...(await resolveConfig(FILE)), parser: "markdown" };
const next = await format(withPrivacyTable(readFileSync(FILE, "utf8")), options);
writeFileSync(FILE, next);
console.log(`Wrote the who-sees-what table of ${FILE}.`);
