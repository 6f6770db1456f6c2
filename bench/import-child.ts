// Import bench, in its own process so its memory growth is its own: a generated 10,000-row .xlsx
// and a 100,000-row .csv through the app's import service, each once cold and then three times
// beside the raw parse and raw insert of the same rows (the floor), and a 100,000-item
// purchase-history .csv (no floor: its raw insert would be the service's own statements). What an
// import writes (clients, runs, audit entries) is removed after it so the data set stays as
// generated. Prints one JSON line.
import { databaseProvider, db } from "~/db/db.server";
import { readSpreadsheet, writeWorkbook } from "~/services/import-spreadsheet.server";
import { importSpreadsheet } from "~/services/import.server";
import { newClientData } from "~/services/client-writes.server";
import { readShopLists } from "~/services/shop-lists.server";
import { parseNewClientInput } from "~/domain/client-input";
import { importColumn, PURCHASE_TEMPLATE_FIELDS, type ImportField } from "~/domain/import-columns";
import { english } from "~/i18n/english.server";
import { seededRandom } from "../scripts/seeded-random";
import { postgresWriter, sqliteWriter, type Row } from "./writers";
import { startCheckpointer } from "../server/sqlite-wal.mjs";

// The template columns the generated rows fill, in this order (named: the template's own order changes).
const FIELDS = [
  "fullName",
  "mobileNumber",
  "country",
  "emirate",
  "area",
  "team",
  "totalSalesValue",
  "lastPurchaseDate",
  "dateOfBirth",
  "email",
] as const satisfies readonly ImportField[];
const HEADER = FIELDS.map((f) => importColumn(f).header);

function rows(count: number, prefix: string): string[][] {
  const rand = seededRandom(count);
  const out: string[][] = [HEADER];
  for (let i = 0; i < count; i++) {
    const total = rand() < 0.3 ? "" : (Math.round(rand() * 50_000_00) / 100).toFixed(2);
    out.push([
      `Import Client ${prefix}${i}`,
      `+971 5${prefix} ${String(i).padStart(7, "0")}`,
      "UAE",
      ["Dubai", "Abu Dhabi", "Sharjah"][i % 3]!,
      "Jumeirah",
      ["team_a", "team_b", "team_c"][i % 3]!,
      total,
      total ? `${String(1 + (i % 28)).padStart(2, "0")}/0${1 + (i % 9)}/2025` : "",
      `19${60 + (i % 40)}-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}`,
      i % 2 ? `client${prefix}${i}@example.com` : "",
    ]);
  }
  return out;
}

// A purchase history's first sixteen template columns: the client's name, mobile and team, then the sale's.
const PURCHASE_HEADER = PURCHASE_TEMPLATE_FIELDS.slice(0, 16).map((f) => importColumn(f).header);
const CATEGORIES = ["Ring", "Bangle", "Necklace", "Earrings", "Pendant", "Bracelet"];
const STORES = ["Dubai Mall", "Dubai Gold Souk", "Abu Dhabi", "Sharjah"];

/** `count` item rows: invoices of 1 to 3 items, five invoices a client on average, some without a number. */
function purchaseRows(count: number, prefix: string): string[][] {
  const rand = seededRandom(count + 1);
  const out: string[][] = [PURCHASE_HEADER];
  let invoice = 0;
  while (out.length <= count) {
    invoice++;
    const client = Math.floor(invoice / 5);
    const items = Math.min(1 + Math.floor(rand() * 3), count + 1 - out.length);
    const numbered = rand() > 0.05;
    for (let i = 0; i < (numbered ? items : 1); i++) {
      const karat = ["18K", "21K", "22K"][Math.floor(rand() * 3)]!;
      out.push([
        `Import Client P${prefix}${client}`,
        `+971 5${prefix} ${String(client).padStart(7, "0")}`,
        "Team A",
        numbered ? `B${prefix}-${invoice}` : "",
        `${String(1 + (invoice % 28)).padStart(2, "0")}/0${1 + (invoice % 9)}/2025`,
        STORES[invoice % STORES.length]!,
        CATEGORIES[Math.floor(rand() * CATEGORIES.length)]!,
        "Yellow gold",
        karat,
        (1 + rand() * 60).toFixed(3),
        "None",
        "",
        `SKU-${invoice}-${i}`,
        "",
        (Math.round(rand() * 2_000_000) / 100 + 1).toFixed(2),
        "",
      ]);
    }
  }
  return out;
}

function toCsvText(table: string[][]): string {
  return table.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\n");
}

/** The import's clients (their sales and consents go with them), its runs and its audit entries. */
async function removeImported(since: Date) {
  await db.client.deleteMany({
    where: { createdAt: { gte: since }, source: { not: "manual" }, fullName: { startsWith: "Import Client" } },
  });
  await db.importRun.deleteMany({ where: { startedAt: { gte: since } } });
  await db.auditLog.deleteMany({ where: { createdAt: { gte: since } } });
  // The removal's pages are copied into the file now, not by the checkpointer during the next timed run.
  if (databaseProvider === "sqlite") await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
}

async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; rssGrowthMb: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  const result = await work();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, seconds, rssGrowthMb: (peak - baseline) / 1024 / 1024 };
}

const ISO_DATE = (dmy: string) => (dmy.includes("/") ? dmy.split("/").reverse().join("-") : dmy);

/**
 * The floor: parsing the same file with SheetJS alone, and writing the same rows straight through
 * the database driver (no validation, no duplicate checks, no progress).
 */
async function floor(bytes: Buffer, type: "xlsx" | "csv", admin: { id: string }) {
  const parseStart = performance.now();
  const read = readSpreadsheet(bytes, type);
  if (!read.ok) throw new Error(english(read.message));
  const cells = [...read.sheet.rows()].map((row) => row.cells.map((c) => String(c ?? "")));
  const parseSeconds = (performance.now() - parseStart) / 1000;

  const now = new Date();
  const { teams } = await readShopLists();
  const clients: Row[] = [];
  for (const row of cells) {
    const raw = Object.fromEntries(
      FIELDS.map((f, i) => [f, f.endsWith("Date") || f === "dateOfBirth" ? ISO_DATE(row[i] ?? "") : (row[i] ?? "")]),
    );
    const parsed = parseNewClientInput({ ...raw, country: "uae", emirate: "dubai" }, teams);
    if (!parsed.ok) continue;
    const { client } = newClientData(parsed.value, { createdById: admin.id, source: "client_import" });
    clients.push({ ...(client as unknown as Row), createdAt: now, updatedAt: now });
  }
  const writer =
    databaseProvider === "sqlite"
      ? sqliteWriter(process.env.DATABASE_URL!.slice("file:".length), { bulkLoad: false })
      : await postgresWriter(process.env.DATABASE_URL!, { bulkLoad: false });
  const insertStart = performance.now();
  await writer.insert("Customer", clients);
  const insertSeconds = (performance.now() - insertStart) / 1000;
  await writer.close();
  await removeImported(now);
  return { parseSeconds, insertSeconds };
}

// Checkpoints off the write path, as the server's primary does (docs/decisions/012-worker-processes.md).
const stopCheckpointer = startCheckpointer();
const admin = await db.user.findFirstOrThrow({
  where: { email: "bench-admin@example.com" },
  select: { id: true, name: true },
});
const results: Record<string, number | number[]> = {};

// --smoke (npm run bench -- --smoke): small files, only to prove the bench runs.
const smoke = process.argv.includes("--smoke");
const xlsxRows = smoke ? 200 : 10_000;
const csvRows = smoke ? 1_000 : 100_000;
const xlsx = writeWorkbook([{ name: "Clients", rows: rows(xlsxRows, "6") }]);
const csv = Buffer.from(toCsvText(rows(csvRows, "7")), "utf8");
// Each file is imported once cold (the first import of a fresh process, reported on its own), then
// this many times, each beside its floor, for medians as every other figure has.
const timedRuns = smoke ? 1 : 3;

for (const [label, fileName, bytes, type, count] of [
  ["xlsx10k", "bench-10k.xlsx", xlsx, "xlsx", xlsxRows],
  ["csv100k", "bench-100k.csv", csv, "csv", csvRows],
] as const) {
  const seconds: number[] = [];
  const rawParseSeconds: number[] = [];
  const rawInsertSeconds: number[] = [];
  let rssMb = 0;
  for (let i = 0; i <= timedRuns; i++) {
    const since = new Date();
    const run = await peakRssDuring(() =>
      importSpreadsheet({ kind: "client", upload: { fileName, bytes }, actor: admin }),
    );
    if (run.result.status !== 200) throw new Error(`${label} import failed: ${english(run.result.result.message)}`);
    // Every generated row is a valid new client: fewer imported means the file no longer matches the template.
    if (run.result.result.imported !== count)
      throw new Error(
        `${label} imported ${run.result.result.imported} of ${count}: ${english(run.result.result.errors[0] ?? "")}`,
      );
    rssMb = Math.max(rssMb, run.rssGrowthMb);
    await removeImported(since);
    const f = await floor(bytes, type, admin);
    if (i === 0) {
      results[`${label}_first_seconds`] = run.seconds;
      continue;
    }
    seconds.push(run.seconds);
    rawParseSeconds.push(f.parseSeconds);
    rawInsertSeconds.push(f.insertSeconds);
  }
  results[`${label}_seconds`] = seconds;
  results[`${label}_raw_parse_seconds`] = rawParseSeconds;
  results[`${label}_raw_insert_seconds`] = rawInsertSeconds;
  results[`${label}_rss_mb`] = rssMb;
  results[`${label}_imported`] = count;
}
const history = Buffer.from(toCsvText(purchaseRows(smoke ? 1_000 : 100_000, "8")), "utf8");
const since = new Date();
const run = await peakRssDuring(() =>
  importSpreadsheet({ kind: "client", upload: { fileName: "bench-history.csv", bytes: history }, actor: admin }),
);
if (run.result.status !== 200) throw new Error(`purchases100k import failed: ${english(run.result.result.message)}`);
results.purchases100k_seconds = run.seconds;
results.purchases100k_rss_mb = run.rssGrowthMb;
results.purchases100k_imported = run.result.result.importedItems;
await removeImported(since);
console.log(JSON.stringify(results));
await stopCheckpointer();
await db.$disconnect();
