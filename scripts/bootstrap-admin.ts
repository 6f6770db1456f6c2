// Run by `npm start` after migrations: re-seals stored authenticator secrets under the current key
// (earlier formats, or a previous key after a rotation) and creates the first admin when there is none.
import "./runtime-env.mjs";
import { db } from "~/db/db.server";
import { ensureFirstAdmin, resealDeviceSecrets } from "~/services/authenticators.server";
import { printIssuedSecret } from "./print-secret";

const { resealed, unreadable } = await resealDeviceSecrets();
if (resealed) console.log(`Re-sealed ${resealed} authenticator secret(s) under the current key.`);
if (unreadable)
  console.warn(
    `${unreadable} authenticator secret(s) cannot be opened with the configured keys; ` +
      "their owners need `npm run admin:reset-authenticator -- EMAIL`.",
  );

const issued = await ensureFirstAdmin({
  email: process.env.ADMIN_EMAIL,
  name: process.env.ADMIN_NAME,
  secret: process.env.ADMIN_TOTP_SECRET,
});
if (issued) {
  if (process.env.ADMIN_TOTP_SECRET)
    console.log(`First admin ${issued.email} created with the authenticator secret from ADMIN_TOTP_SECRET.`);
  else if (!(await printIssuedSecret(issued, `First admin ${issued.email} created. Link the authenticator app now:`)))
    console.log(
      `First admin ${issued.email} created. Its authenticator secret is not printed because the output is not ` +
        `an interactive terminal (it may be a log). In a terminal, run: npm run admin:reset-authenticator -- ${issued.email}`,
    );
}
await db.$disconnect();
