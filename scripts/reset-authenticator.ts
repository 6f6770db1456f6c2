// npm run admin:reset-authenticator -- EMAIL : a lost phone. Re-issues the user's secret.
import "./runtime-env.mjs";
import { db } from "~/db.server";
import { resetAuthenticator } from "~/services/authenticators.server";
import { printIssuedSecret } from "./print-secret";

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
try {
  const issued = await resetAuthenticator(email);
  await printIssuedSecret(issued, `New authenticator secret for ${issued.email} (old devices and sessions removed):`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
