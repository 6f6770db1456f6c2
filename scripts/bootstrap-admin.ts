// Run by `npm start` after migrations: creates the first admin when there is none.
import "./runtime-env.mjs";
import { db } from "~/db.server";
import { ensureFirstAdmin } from "~/services/authenticators.server";
import { printIssuedSecret } from "./print-secret";

const issued = await ensureFirstAdmin({
  email: process.env.ADMIN_EMAIL,
  name: process.env.ADMIN_NAME,
  secret: process.env.ADMIN_TOTP_SECRET,
});
if (issued) {
  if (process.env.ADMIN_TOTP_SECRET)
    console.log(`First admin ${issued.email} created with the authenticator secret from ADMIN_TOTP_SECRET.`);
  else await printIssuedSecret(issued, `First admin ${issued.email} created. Link the authenticator app now:`);
}
await db.$disconnect();
