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
try {
  const issued = await resetAuthenticator(email);
  await printIssuedSecret(issued, `New authenticator secret for ${issued.email} (old devices and sessions removed):`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
