// npm run bench:data -- --customers 100000 --sales 1000000 [--interactions 500000] [--follow-ups 50000] [--jobs 100000]
//   [--seed 7] [--db postgres]
import { BENCH_SQLITE_FILE, argNumber, benchDbKind } from "./bench-env";
import { benchDatabaseUrl, migrate } from "./database";
import { generateBenchData } from "./generate";
import { generateJobs } from "./generate-jobs";
import { postgresWriter, sqliteWriter } from "./writers";

const kind = benchDbKind();
const clients = argNumber("customers", 100_000);
const sales = argNumber("sales", 1_000_000);
const seed = argNumber("seed", 7);
// Clienteling rows scale with the clients: 5 contacts and half a follow-up per client by default.
const interactions = argNumber("interactions", clients * 5);
const followUps = argNumber("follow-ups", Math.round(clients / 2));
// The job bag: as many jobs as clients by default (issue #45: 100,000).
const jobs = argNumber("jobs", clients);

const url = await benchDatabaseUrl(kind, { fresh: true });
migrate(url);
const writer =
  kind === "sqlite"
    ? sqliteWriter(BENCH_SQLITE_FILE, { bulkLoad: true })
    : await postgresWriter(url, { bulkLoad: true });
const started = performance.now();
let lastLog = 0;
const result = await generateBenchData(writer, {
  clients,
  sales,
  seed,
  interactions,
  followUps,
  onProgress: (done) => {
    if (done - lastLog >= clients / 10 || done === clients) {
      lastLog = done;
      process.stdout.write(`  ${done.toLocaleString()} / ${clients.toLocaleString()} clients\r`);
    }
  },
});
const jobCount = await generateJobs(writer, { clients, jobs, seed });
await writer.close();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `\nGenerated ${result.clients.toLocaleString()} clients, ${result.sales.toLocaleString()} sales, ${result.interactions.toLocaleString()} contacts, ${result.followUps.toLocaleString()} follow-ups and ${result.familyMembers.toLocaleString()} family members (${result.twins.toLocaleString()} clients entered twice) and ${jobCount.toLocaleString()} jobs in ${seconds} s (seed ${seed}, ${kind}).`,
);
// Run by `npm run bench` (--keep-server), the bench goes on with the server it started.
if (kind === "postgres" && !process.env.BENCH_PG_URL && !process.argv.includes("--keep-server")) {
  const { stopPostgres } = await import("../scripts/postgres-local.mjs");
  stopPostgres({ bench: true, keepData: true });
}
