// Run by `npm start` after migrations: keys the clients written before the duplicate check existed,
// or under an older version of its rules, and finds their possible duplicates
// (docs/decisions/043-duplicate-clients.md). One index lookup when there is nothing to do.
import "./runtime-env.mjs";
import { db } from "~/db/db.server";
import { backfillDuplicateKeys } from "~/services/client-duplicates.server";

const keyed = await backfillDuplicateKeys();
if (keyed) console.log(`Duplicate check: keyed ${keyed} client(s) and found their possible duplicates.`);
await db.$disconnect();
