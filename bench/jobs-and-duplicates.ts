// The job bag and the duplicate check at bench size (issues #44 item 7 and #45 item 8), through the
// same loaders and services the app uses. `loaderArgs` signs the request in as the bench's admin;
// `somethingWritten` drops the kept reads, so each run reads as the first request after a change does.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { measure, once, report, type Measurement } from "./measure";

type LoaderArgs = (path: string) => LoaderFunctionArgs;

/**
 * Finding every pair from scratch (the start-up backfill with every client's keys out of date), the
 * Duplicates page from the stored pairs, and the check a new or edited client gets.
 */
export async function measureDuplicates(
  runs: number,
  loaderArgs: LoaderArgs,
  somethingWritten: () => Promise<unknown>,
): Promise<Measurement[]> {
  const { db } = await import("~/db/db.server");
  const { backfillDuplicateKeys, findAllDuplicatePairs, findPossibleDuplicates } =
    await import("~/services/client-duplicates.server");
  const { duplicateKeyColumns } = await import("~/domain/duplicate-keys");
  const duplicatesRoute = await import("~/routes/_app.customers_.duplicates");
  const results: Measurement[] = [];

  // The bench's data set has no dismissed pairs, so forgetting them all loses nothing. Finding every pair
  // reads the keys every write stores; re-keying every client happens once, when the folding rules change.
  await db.clientDuplicatePair.deleteMany();
  const clients = await db.client.count();
  let start = performance.now();
  await findAllDuplicatePairs();
  const pairs = await db.clientDuplicatePair.count();
  const found = once(
    `duplicates: find every pair over ${clients.toLocaleString()} clients`,
    performance.now() - start,
    5_000,
    {
      pairs,
    },
  );
  report(found);
  results.push(found);
  await db.client.updateMany({ data: { dupKeysVersion: 0 } });
  start = performance.now();
  const keyed = await backfillDuplicateKeys();
  const rekeyed = once(
    `duplicates: re-key ${keyed.toLocaleString()} clients (new folding rules), then find every pair`,
    performance.now() - start,
  );
  report(rekeyed);
  results.push(rekeyed);

  results.push(
    await measure(
      "duplicates: /customers/duplicates page 1",
      () => duplicatesRoute.loader(loaderArgs("/customers/duplicates")),
      { runs, target: 200, before: somethingWritten },
    ),
    await measure(
      "duplicates: /customers/duplicates page 20",
      () => duplicatesRoute.loader(loaderArgs("/customers/duplicates?page=20")),
      { runs, target: 200, before: somethingWritten },
    ),
  );

  // A client typed again: the keys of one half of a stored pair, checked as New Client checks them.
  const pair = await db.clientDuplicatePair.findFirst({ orderBy: { id: "asc" }, select: { highClientId: true } });
  if (!pair) {
    console.log("duplicates: no pairs in this data set — regenerate it with npm run bench:data");
    return results;
  }
  const typed = await db.client.findUniqueOrThrow({
    where: { id: pair.highClientId },
    select: { fullName: true, fullNameAr: true, email: true, emiratesId: true, dateOfBirth: true },
  });
  const keys = duplicateKeyColumns(typed);
  results.push(
    await measure("duplicates: a new client checked", () => findPossibleDuplicates(keys), { runs, target: 20 }),
    await measure("duplicates: an edited client checked", () => findPossibleDuplicates(keys, pair.highClientId), {
      runs,
      target: 20,
    }),
  );
  return results;
}

/** /jobs with each filter, and what the dashboard's job counts cost it. */
export async function measureJobs(
  runs: number,
  loaderArgs: LoaderArgs,
  somethingWritten: () => Promise<unknown>,
): Promise<Measurement[]> {
  const { db } = await import("~/db/db.server");
  const { countJobsToChase } = await import("~/services/jobs.server");
  const { businessToday } = await import("~/domain/calendar");
  const jobsRoute = await import("~/routes/_app.jobs._index");
  const jobs = await db.job.count();
  if (jobs === 0) {
    console.log("jobs: none in this data set — regenerate it with npm run bench:data");
    return [];
  }
  const sample = await db.job.findFirstOrThrow({
    orderBy: { id: "asc" },
    skip: Math.floor(jobs / 2),
    select: { number: true, clientId: true, client: { select: { fullName: true } } },
  });
  const namePart = sample.client.fullName.split(" ").at(-1)!.slice(0, 5).toLowerCase();
  const results: Measurement[] = [];
  for (const filter of [
    "",
    "status=ready",
    "status=in_workshop",
    "type=custom_order",
    "showroom=dubai_mall",
    "overdue=1",
    "waiting=1",
    "status=received&type=repair&showroom=sharjah",
    `clientId=${sample.clientId}`,
    `q=${sample.number}`,
    `q=${encodeURIComponent(namePart)}`,
    "page=50",
  ]) {
    results.push(
      await measure(`jobs: /jobs ${filter || "unfiltered"}`, () => jobsRoute.loader(loaderArgs(`/jobs?${filter}`)), {
        runs,
        target: 50,
        before: somethingWritten,
      }),
    );
  }
  // The dashboard reads its job counts once per write (getJobFigures keeps them); this is that read.
  const today = businessToday();
  results.push(
    await measure(
      `jobs: the dashboard's job counts over ${jobs.toLocaleString()} jobs`,
      () => countJobsToChase({}, today),
      {
        runs,
        target: 10,
      },
    ),
  );
  return results;
}
