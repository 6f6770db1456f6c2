// npm run admin:reset-authenticator -- EMAIL : a lost phone. Re-issues the user's secret.
import { requireExistingDatabase } from "./operator-db.mjs";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin:reset-authenticator -- EMAIL");
  process.exit(2);
}
// The new secret is shown once, on screen; refusing up front leaves the user's current phone working.
if (!process.stdout.isTTY) {
  console.error(
    "Not an interactive terminal: the new authenticator secret would end up in a file or log, so nothing was " +
      "changed. Run this command in a terminal.",
  );
  process.exit(1);
}
// Checked before the database client is loaded: opening a missing SQLite file would create it empty.
requireExistingDatabase("there are no users to reset (`npm start` creates it and the first admin).");
const { db } = await import("~/db/db.server");
const { resetAuthenticator } = await import("~/services/authenticators.server");
const { printIssuedSecret } = await import("./print-secret");
try {
  const issued = await resetAuthenticator(email);
  await printIssuedSecret(issued, `New authenticator secret for ${issued.email} (old devices and sessions removed):`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
