// npm run keys:rotate [-- --forget-previous] : a new current key, and every stored authenticator
// secret re-sealed under it (docs/operations.md, "Keys and rotation").
// - Keys in the key file (the default): writes a new key first in the file, re-seals, then keeps
//   only the new key and the one it replaced (that one still checks cookies and one-time codes
//   issued before, until they expire). --forget-previous keeps the new key alone: everyone signs in
//   again and unused one-time codes stop working (after a key leaked).
// - Keys in ENCRYPTION_KEY: the operator sets the new key there and the old one in
//   ENCRYPTION_KEY_PREVIOUS on every instance; this command then re-seals (as `npm start` does).
import "./runtime-env.mjs";
import { allKeys, keyRing, newKeySecret, writeKeyFile } from "~/auth/keys.server";
import { db } from "~/db/db.server";
import { resealDeviceSecrets } from "~/services/authenticators.server";

const forgetPrevious = process.argv.includes("--forget-previous");

try {
  const before = keyRing();
  if (before.source === "file") {
    // Every old key stays readable until the re-sealing is done; running instances reload the file.
    writeKeyFile(before.file!, [newKeySecret(), ...allKeys(before).map((k) => k.secret)]);
  }
  const ring = keyRing();
  const { resealed, unreadable } = await resealDeviceSecrets();
  console.log(`Current key ${ring.current.id}. Re-sealed ${resealed} authenticator secret(s).`);
  if (unreadable)
    console.warn(
      `${unreadable} secret(s) could not be opened with any configured key; their owners need ` +
        "`npm run admin:reset-authenticator -- EMAIL`.",
    );

  if (ring.source === "file") {
    const kept = forgetPrevious ? [ring.current] : [ring.current, before.current];
    writeKeyFile(ring.file!, [...new Set(kept.map((k) => k.secret))]);
    console.log(
      forgetPrevious
        ? `Key file ${ring.file} now holds only the new key: every session has ended.`
        : `Key file ${ring.file} holds the new key and the one it replaced (for sessions and one-time codes issued before).`,
    );
  } else {
    console.log(
      forgetPrevious || ring.previous.length === 0
        ? "Keys come from ENCRYPTION_KEY. Every stored secret is under it now."
        : "Keys come from ENCRYPTION_KEY. Every stored secret is under it now; remove ENCRYPTION_KEY_PREVIOUS " +
            "once sessions signed with the old key may end (at once, or after 7 days when they expire anyway).",
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
