// npm run bench [-- --db postgres] [--quick | --smoke] [--only SECTION,...]
// Measures the operations the issues name, through the same loaders and services the app uses,
// on the bench data set (100,000 clients, 1,000,000 sales; generated on first use), each beside
// its floor where it has one, then a bounded HTTP load on the built server (loopback only, 20 and
// 100 connections) and a 60 s mixed load of page reads and writes. Prints median / p95 / max
// against each target, then one JSON line, also saved under bench/results/. --smoke only proves
// the bench runs (one round, small imports, a second of HTTP load, 3 s of mixed load, on whatever
// data set is there, a small one when none is): its figures mean nothing and are not saved.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import Database from "better-sqlite3";
import { BENCH_SQLITE_FILE, benchDbKind } from "./bench-env";
import { benchDataExists, benchDatabaseUrl, migrate } from "./database";
import { boundedLoad, type LoadResult } from "./load";
import { measureListRender } from "./list-render";
import { measure, median, once, ratioToFloor, report, measurementOf, verdict, type Measurement } from "./measure";
import { mixedLoad } from "./mixed-load";
import { measureSales, measureSalesReports } from "./sales";
import { measureDuplicates, measureJobs } from "./jobs-and-duplicates";

const kind = benchDbKind();
// --only jobs,duplicates: those sections alone (customers, dashboard, leads, sales, clienteling, duplicates,
// jobs, imports, export, retention, http), to measure one change three times without the whole run.
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg >= 0 ? new Set((process.argv[onlyArg + 1] ?? "").split(",")) : null;
const wanted = (section: string) => !only || only.has(section);
const smoke = process.argv.includes("--smoke");
const quick = smoke || process.argv.includes("--quick");
const FULL_SIZE = 100_000;

// The data set: generated once, reused by later runs.
if (!(await benchDataExists(kind))) {
  const size = smoke ? ["--customers", "500", "--sales", "2500"] : [];
  console.log(
    `Generating the bench data set (${smoke ? "500 clients, 2,500" : "100,000 clients, 1,000,000"} sales)...`,
  );
  execFileSync("node_modules/.bin/tsx", ["bench/data.ts", "--db", kind, "--keep-server", ...size], {
    stdio: "inherit",
  });
}
const databaseUrl = await benchDatabaseUrl(kind, { fresh: false });
migrate(databaseUrl);
process.env.DATABASE_URL = databaseUrl;
process.env.ENCRYPTION_KEY ||= "bench-key-not-for-production";
// What the server's primary does at start (WAL, the planner's statistics), before the in-process figures.
const { prepareSqlite } = await import("../server/sqlite-wal.mjs");
prepareSqlite();

// The connection sets WAL and synchronous=NORMAL itself (app/db/db.server.ts).
const { db } = await import("~/db/db.server");
const { createUserSession } = await import("~/auth/session.server");
const clientsRoute = await import("~/routes/_app.customers");
const dashboardRoute = await import("~/routes/_app.dashboard");
const { rankEngineLeads } = await import("~/services/leads.server");
const { LeadFiltersSchema } = await import("~/domain/lead-filters");
const { businessToday } = await import("~/domain/calendar");
const whatsappRoute = await import("~/routes/_app.customers_.$id.whatsapp");
const { getMyDay } = await import("~/services/my-day.server");
const { getDashboardAlerts } = await import("~/services/dashboard.server");
const { CONTACT_FACT_SELECT, contactFactsOf } = await import("~/services/client-contact.server");
const { CLIENT_SORT_KEYS } = await import("~/domain/client-sort");

const benchStartedAt = new Date();
const admin = await db.user.upsert({
  where: { email: "bench-admin@example.com" },
  update: {},
  create: { email: "bench-admin@example.com", name: "Bench Admin", role: "admin" },
});
const cookie = (await createUserSession(admin.id, new Request("http://127.0.0.1/"))).split(";")[0]!;
const pageRequest = (path: string) => new Request(`http://127.0.0.1${path}`, { headers: { Cookie: cookie } });
const loaderArgs = (path: string) => ({ request: pageRequest(path), params: {}, context: {} });

const uaeClients = await db.client.count({ where: { deletedAt: null, country: "uae" } });
const sample = await db.client.findFirstOrThrow({
  where: { deletedAt: null, country: "uae" },
  orderBy: { id: "asc" },
  skip: Math.min(4321, Math.floor(uaeClients / 2)),
  select: { fullName: true, mobileNumber: true },
});
const namePart = sample.fullName.split(" ").at(-1)!.slice(0, 5).toLowerCase();
const mobileDigits = "0" + sample.mobileNumber.slice(3, 10); // typed the local way: 05x...

const today = businessToday();
const results: Measurement[] = [];
const runs = smoke ? 1 : quick ? 5 : 20;
const add = async (m: Promise<Measurement>) => results.push(await m);

const clientCount = await db.client.count();
const saleCount = await db.sale.count();
console.log(`\nBench on ${kind} — ${clientCount.toLocaleString()} clients, ${saleCount.toLocaleString()} sales\n`);
if (clientCount < FULL_SIZE && !smoke)
  console.log(
    `The data set is smaller than the ${FULL_SIZE.toLocaleString()} clients the targets assume: regenerate it with npm run bench:data.\n`,
  );
// The client book's pages and the dashboard's reads are kept until the database is written (decisions
// 031, 033): a write before each run of a loader makes it read, as the first request after any change
// does. The figures "nothing written since" are those of a kept answer.
const somethingWritten = () => db.session.updateMany({ where: { userId: admin.id }, data: { lastSeenAt: new Date() } });

if (wanted("customers")) {
  console.log("Customers page loader");
  await add(
    measure("customers: page 1, limit 500, unfiltered", () => clientsRoute.loader(loaderArgs("/customers?limit=500")), {
      runs,
      target: 100,
      before: somethingWritten,
    }),
  );
  for (const filter of [
    "tier=gold",
    "tier=diamond",
    "emirate=dubai",
    "country=qatar",
    "team=team_b",
    "notPurchasedFor=3",
    "notPurchasedFor=6",
    "notPurchasedFor=12",
    "tier=silver&emirate=sharjah&team=team_a",
  ]) {
    await add(
      measure(
        `customers: limit 500, ${filter}`,
        () => clientsRoute.loader(loaderArgs(`/customers?limit=500&${filter}`)),
        { runs, target: 100, before: somethingWritten },
      ),
    );
  }
  await add(
    measure(
      `customers: search name part "${namePart}"`,
      () => clientsRoute.loader(loaderArgs(`/customers?limit=500&search=${encodeURIComponent(namePart)}`)),
      { runs, target: 50, before: somethingWritten },
    ),
  );
  await add(
    measure(
      `customers: search mobile digits "${mobileDigits}"`,
      () => clientsRoute.loader(loaderArgs(`/customers?limit=500&search=${mobileDigits}`)),
      { runs, target: 50, before: somethingWritten },
    ),
  );

  console.log("\nCustomers page loader, sorted (every sort key, both directions; docs/decisions/017)");
  for (const key of CLIENT_SORT_KEYS) {
    for (const sort of [key, `-${key}`]) {
      await add(
        measure(
          `customers: limit 500, sort=${sort}`,
          () => clientsRoute.loader(loaderArgs(`/customers?limit=500&sort=${sort}`)),
          { runs, target: 100, before: somethingWritten },
        ),
      );
    }
  }
  // A sorted page deep in the book and a sorted filtered page: the stretches skipped, the filters as one set.
  await add(
    measure(
      "customers: limit 500, sort=fullName, page 100",
      () => clientsRoute.loader(loaderArgs("/customers?limit=500&sort=fullName&page=100")),
      { runs, target: 100, before: somethingWritten },
    ),
  );
  await add(
    measure(
      "customers: limit 500, tier=diamond&sort=-lastPurchaseDate",
      () => clientsRoute.loader(loaderArgs("/customers?limit=500&tier=diamond&sort=-lastPurchaseDate")),
      { runs, target: 100, before: somethingWritten },
    ),
  );

  console.log("\nCustomers page rendered (built server's handler, in process), beside its floor");
  for (const m of await measureListRender(runs, cookie, somethingWritten)) results.push(m);
}
if (wanted("dashboard")) {
  // The dashboard's reads are kept until the database is written (decision 031): a write before each
  // run makes it read everything, as the first dashboard after any change does; the second figure is
  // a dashboard with nothing written since the last one.
  console.log("\nDashboard loader (figures + breakdown + three alert lists + follow-ups)");
  await add(
    measure("dashboard loader", () => dashboardRoute.loader(loaderArgs("/dashboard")), {
      runs,
      target: 150,
      before: somethingWritten,
    }),
  );
  await add(
    measure("dashboard loader, nothing written since", () => dashboardRoute.loader(loaderArgs("/dashboard")), { runs }),
  );
}
if (wanted("leads")) {
  console.log("\nLead generation, engine only");
  for (const location of ["dubai", "uae"]) {
    const filters = LeadFiltersSchema.safeParse({ location, count: 10 });
    if (!filters.success) {
      console.log(`leads: ${location} — not a lead location in this build`);
      continue;
    }
    await add(
      measure(`leads: engine, ${location}`, () => rankEngineLeads(filters.data, today, 10), {
        runs: smoke ? 1 : quick ? 3 : 10,
        target: 1000,
      }),
    );
  }
}
if (wanted("sales")) {
  console.log("\nSales: record and void");
  for (const m of await measureSales(runs)) results.push(m);

  console.log("\nSales report (the last 12 months)");
  for (const m of await measureSalesReports(runs, loaderArgs, somethingWritten)) results.push(m);
}
if (wanted("clienteling")) {
  console.log("\nClienteling (an associate who owns clients: the bench data's first staff member)");
  // The bench data spreads owners, contacts and follow-ups over its staff (bench/generate.ts); a
  // smaller data set made before they were added has none, and these figures then say little.
  const associate = await db.user.findUnique({ where: { id: "bench-staff-1" }, select: { id: true } });
  if (!associate) console.log("clienteling: no bench staff in this data set — regenerate it with npm run bench:data");
  else {
    const associateCookie = (await createUserSession(associate.id, new Request("http://127.0.0.1/"))).split(";")[0]!;
    const associateArgs = (path: string) => ({
      request: new Request(`http://127.0.0.1${path}`, { headers: { Cookie: associateCookie } }),
      params: {},
      context: {},
    });
    await add(
      measure(
        "clienteling: customers, limit 500, owner=me",
        () => clientsRoute.loader(associateArgs("/customers?limit=500&owner=me")),
        { runs, target: 50, before: somethingWritten },
      ),
    );
    await add(
      measure("clienteling: my day", () => getMyDay(associate.id, today), {
        runs,
        target: 50,
        before: somethingWritten,
      }),
    );
    // What "contacted recently" adds to the dashboard: its alert queries select the last-contact
    // columns with their rows, so the added work is naming who made each contact.
    const alerts = await getDashboardAlerts(today);
    const alertRows = await db.client.findMany({
      where: {
        id: {
          in: [...alerts.birthdays.items, ...alerts.anniversaries.items, ...alerts.emiratesId.items].map(
            (a) => a.clientId,
          ),
        },
      },
      select: CONTACT_FACT_SELECT,
    });
    await add(
      measure(
        `clienteling: contact facts of the dashboard's ${alertRows.length} alerts`,
        () => contactFactsOf(alertRows),
        { runs, target: 10 },
      ),
    );
    const withContacted = LeadFiltersSchema.parse({ location: "dubai", count: 10, includeContacted: true });
    await add(
      measure(
        "clienteling: leads, engine, dubai, contacted included",
        () => rankEngineLeads(withContacted, today, 10),
        {
          runs: smoke ? 1 : quick ? 3 : 10,
          target: 1000,
        },
      ),
    );
    const target = await db.client.findFirstOrThrow({
      where: { deletedAt: null, consentWhatsapp: { not: "withdrawn" } },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    const before = new Date();
    await add(
      measure(
        "clienteling: tracked WhatsApp route (records the contact, 303 to wa.me)",
        async () => {
          const response = await whatsappRoute.action({
            request: new Request(`http://127.0.0.1/customers/${target.id}/whatsapp`, {
              method: "POST",
              headers: {
                Cookie: associateCookie,
                Origin: "http://127.0.0.1",
                "Content-Type": "application/x-www-form-urlencoded",
              },
              body: "message=bench",
            }),
            params: { id: String(target.id) },
            context: {},
          });
          if (!(response instanceof Response) || response.status !== 303)
            throw new Error("WhatsApp route did not redirect");
        },
        { runs, target: 20 },
      ),
    );
    // Leave the data set as it was found, apart from the client's last-contact columns.
    await db.clientInteraction.deleteMany({
      where: { clientId: target.id, userId: associate.id, at: { gte: before } },
    });
  }
}
if (wanted("duplicates")) {
  console.log("\nDuplicate clients: every pair found, the Duplicates page, one client checked");
  for (const m of await measureDuplicates(runs, loaderArgs, somethingWritten)) results.push(m);
}
if (wanted("jobs")) {
  console.log("\nThe job bag: /jobs with each filter, the dashboard's job counts");
  for (const m of await measureJobs(runs, loaderArgs, somethingWritten)) results.push(m);
}
// Clients whose details the mixed load opens, spread over the book.
const detailIds = (
  await db.client.findMany({
    where: { deletedAt: null },
    orderBy: { id: "asc" },
    skip: Math.floor(clientCount / 3),
    take: 20,
    select: { id: true },
  })
).map((c) => c.id);

if (wanted("imports")) {
  console.log("\nImports (own process: time, raw parse and insert floor and the ratio to it, peak RSS growth)");
  const importJson = execFileSync(
    "node_modules/.bin/tsx",
    ["--expose-gc", "bench/import-child.ts", ...(smoke ? ["--smoke"] : [])],
    {
      env: { ...process.env },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const imp = JSON.parse(importJson.trim().split("\n").at(-1)!) as Record<string, number | number[]>;
  const secondsToMs = (key: string) => (imp[key] as number[]).map((s) => s * 1000);
  for (const [label, target, floorTarget] of [
    ["xlsx10k", 5, 2.5],
    ["csv100k", 60, 2.5],
  ] as const) {
    const rawParseMs = secondsToMs(`${label}_raw_parse_seconds`);
    const rawInsertMs = secondsToMs(`${label}_raw_insert_seconds`);
    const m = measurementOf(
      label === "xlsx10k" ? "import: 10,000-row .xlsx (end to end)" : "import: 100,000-row .csv (end to end)",
      secondsToMs(`${label}_seconds`),
      target * 1000,
      {
        firstImportMs: Math.round((imp[`${label}_first_seconds`] as number) * 1000),
        rawParseMs: Math.round(median(rawParseMs)),
        rawInsertMs: Math.round(median(rawInsertMs)),
        rssGrowthMb: Math.round(imp[`${label}_rss_mb`] as number),
        imported: imp[`${label}_imported`] as number,
      },
    );
    report(m);
    results.push(m);
    // The floor is one pass: the raw parse and the raw insert of the same rows, beside each import.
    const floor = measurementOf(
      `${label} floor`,
      rawParseMs.map((parse, i) => parse + rawInsertMs[i]!),
    );
    results.push(ratioToFloor(`${m.name.replace(" (end to end)", "")}, times its floor`, m, floor, floorTarget));
    const rss = once(`import: ${label} peak RSS growth (MB)`, imp[`${label}_rss_mb`] as number, 300);
    results.push(rss);
  }
  // A purchase history (docs/decisions/020-purchase-history-imports.md): the same target as a client file of as many rows.
  const purchases = once(
    "import: 100,000-item purchase-history .csv (end to end)",
    (imp.purchases100k_seconds as number) * 1000,
    60_000,
    { items: imp.purchases100k_imported as number },
  );
  report(purchases);
  results.push(purchases);
}
if (wanted("export")) {
  console.log("\nExport of the whole client book (own process: time, peak RSS growth)");
  const exportJson = execFileSync("node_modules/.bin/tsx", ["--expose-gc", "bench/export-child.ts"], {
    env: { ...process.env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exp = JSON.parse(exportJson.trim().split("\n").at(-1)!) as Record<string, number>;
  for (const format of ["xlsx", "csv"] as const) {
    const seconds = exp[`${format}_seconds`]!;
    const m = once(`export: ${exp[`${format}_rows`]!.toLocaleString()} clients as .${format}`, seconds * 1000, 15_000, {
      rssGrowthMb: Math.round(exp[`${format}_rss_mb`]!),
      fileMb: +exp[`${format}_mb`]!.toFixed(1),
    });
    report(m);
    results.push(m);
    results.push(once(`export: .${format} peak RSS growth (MB)`, exp[`${format}_rss_mb`]!, 200));
  }
}
if (wanted("retention")) {
  console.log("\nRetention job (own process, on a copy of the data set, a tenth of the clients due for erasure)");
  if (kind === "sqlite") {
    const copy = BENCH_SQLITE_FILE.replace(/\.db$/, "-retention.db");
    const source = new Database(BENCH_SQLITE_FILE, { readonly: true, fileMustExist: true });
    await source.backup(copy);
    source.close();
    try {
      const json = execFileSync("node_modules/.bin/tsx", ["bench/retention-child.ts"], {
        env: { ...process.env, DATABASE_URL: `file:${copy}` },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      });
      const run = JSON.parse(json.trim().split("\n").at(-1)!) as Record<string, number>;
      const extra = { clients: run.clients!, erased: run.erasedClients!, batches: run.batches! };
      for (const m of [
        once(`retention: daily job, ${run.erasedClients!.toLocaleString()} clients erased`, run.ms!, 60_000, extra),
        // Each batch is one write transaction: how long a request may wait behind the job.
        {
          name: "retention: the job's write transactions (SQLite write lock held)",
          unit: "ms",
          median: run.medianBatchMs!,
          p95: run.p95BatchMs!,
          max: run.longestBatchMs!,
          runs: run.batches!,
          target: 100,
          extra,
        },
      ] satisfies Measurement[]) {
        report(m);
        results.push(m);
      }
    } finally {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(copy + suffix, { force: true });
    }
  } else console.log("retention: measured on SQLite only (the copy of the data set is a file)");
}
const http: Record<string, unknown> = {};
const httpOver: string[] = [];
if (wanted("http")) {
  console.log("\nHTTP under bounded load (built server, loopback, 20 and 100 connections), then a mixed load");
  const { buildIfStale } = await import("../scripts/build-if-stale.mjs");
  buildIfStale();
  const port = Number(process.env.BENCH_PORT || 3499);
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["server.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  let serverLog = "";
  server.stdout.on("data", (chunk: Buffer) => (serverLog += chunk.toString("utf8")));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/login`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // What the server ran with (one worker per core unless WEB_CONCURRENCY says otherwise), from its own log.
  const workers = Number(/Starting (\d+) worker/.exec(serverLog)?.[1] ?? NaN);
  console.log(`(${workers} worker${workers === 1 ? "" : "s"}, ${availableParallelism()} cores)`);
  const seconds = smoke ? 1 : quick ? 5 : 20;
  http.workers = workers;
  // The targets (docs/performance.md): at 20 connections at least 80 req/s with p99 under 600 ms;
  // at 100, no errors and p99 under 3 s.
  const HTTP_TARGETS: Record<number, { requestsPerSecond?: number; p99: number }> = {
    20: { requestsPerSecond: 80, p99: 600 },
    100: { p99: 3000 },
  };
  /** The mixed load's reads, p99 in ms, by connections. */
  const MIXED_READ_P99: Record<number, number> = { 20: 400, 100: 2000 };
  const printLoad = (label: string, r: LoadResult, target?: { requestsPerSecond?: number; p99: number }) => {
    const bad = r.errors + r.non2xx;
    const ok = bad === 0 && (!target || ((target.requestsPerSecond ?? 0) <= r.requestsPerSecond && r.p99 < target.p99));
    if (!ok) httpOver.push(label);
    const goal = target
      ? `target ${target.requestsPerSecond ? `≥ ${target.requestsPerSecond} req/s, ` : ""}p99 < ${target.p99} ms, 0 errors`
      : "target 0 errors";
    console.log(
      `${label.padEnd(24)} ${r.requestsPerSecond.toFixed(1).padStart(8)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  errors ${bad}  ${goal}  ${ok ? "ok" : "OVER"}`,
    );
  };
  try {
    // Each page is asked for a few seconds before it is measured: a worker compiles a route's module
    // and warms its code on the first requests, which a server in use has long done.
    for (const path of ["/customers", "/dashboard", "/login"])
      await boundedLoad(`${origin}${path}`, {
        connections: 20,
        seconds: smoke ? 0.5 : 3,
        cookie: path === "/login" ? undefined : cookie,
      });
    for (const [path, connections] of [
      ["/customers", 20],
      ["/dashboard", 20],
      ["/login", 20],
      ["/customers", 100],
      ["/dashboard", 100],
    ] as const) {
      const r = await boundedLoad(`${origin}${path}`, {
        connections,
        seconds,
        cookie: path === "/login" ? undefined : cookie,
      });
      // The 20-connection figures keep the keys earlier results files used.
      http[connections === 20 ? path : `${path}, ${connections} connections`] = { ...r, connections, workers };
      printLoad(`GET ${path} @${connections}`, r, path === "/login" ? undefined : HTTP_TARGETS[connections]);
    }
    const page = await fetch(`${origin}/customers?limit=5000`, { headers: { Cookie: cookie } });
    const start = performance.now();
    const big = await fetch(`${origin}/customers?limit=5000`, { headers: { Cookie: cookie } });
    const html = await big.text();
    await page.text();
    const renderMs = performance.now() - start;
    http["/customers?limit=5000"] = { status: big.status, ms: renderMs, bytes: html.length };
    console.log(
      `GET /customers?limit=5000  ${big.status}  ${renderMs.toFixed(0)} ms  ${(html.length / 1024).toFixed(0)} KB of HTML`,
    );

    // The mixed load at 20 and at 100 connections; each judged on its reads' p99, errors and lost writes.
    const mixedSeconds = smoke ? 3 : 60;
    for (const connections of [20, 100]) {
      const mixed = await mixedLoad(origin, {
        connections,
        seconds: mixedSeconds,
        cookie,
        readPaths: [
          "/customers",
          "/dashboard",
          ...detailIds.map((id) => `/customers/${id}`),
          `/customers?search=${encodeURIComponent(namePart)}`,
        ],
      });
      // The 20-connection figures keep the key earlier results files used.
      http[connections === 20 ? "mixed" : `mixed, ${connections} connections`] = { ...mixed, workers };
      const readsOk = mixed.readP99 < MIXED_READ_P99[connections]!;
      const mixedOk = mixed.errors === 0 && mixed.lostWrites === 0;
      if (!readsOk || !mixedOk) httpOver.push(`mixed load @${connections}`);
      const { clients, interactions, sales } = mixed.acknowledged;
      console.log(
        `mixed load, ${mixedSeconds} s @${connections} (80% page reads, 20% writes): ${mixed.requestsPerSecond.toFixed(1)} req/s, ` +
          `reads p50 ${mixed.readP50.toFixed(0)} / p99 ${mixed.readP99.toFixed(0)} ms, writes p50 ${mixed.writeP50.toFixed(0)} / p99 ${mixed.writeP99.toFixed(0)} ms` +
          `  target reads p99 < ${MIXED_READ_P99[connections]} ms  ${readsOk ? "ok" : "OVER"}`,
      );
      console.log(
        `mixed load @${connections}: ${mixed.reads} reads, ${mixed.writes} writes acknowledged as ${clients} clients, ${interactions} contacts, ${sales} sales; ` +
          `errors ${mixed.errors}, lost writes ${mixed.lostWrites}  target 0 and 0  ${mixedOk ? "ok" : "OVER"}`,
      );
    }
  } finally {
    server.kill();
  }
}
// The data set stays as generated: the audit entries of the bench's own writes go too.
await db.auditLog.deleteMany({ where: { createdAt: { gte: benchStartedAt } } });
await db.$disconnect();

// Provenance for the table of docs/performance.md: the commit (marked -dirty when the tree had uncommitted
// changes), the command line, the data set and the machine.
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
const commit =
  git("rev-parse", "--short", "HEAD") + (git("status", "--porcelain", "--untracked-files=no") ? "-dirty" : "");
const summary = {
  date: new Date().toISOString(),
  commit,
  db: kind,
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  dataSet: { clients: clientCount, sales: saleCount },
  machine: { cpus: availableParallelism(), node: process.version },
  results: results.map((m) => ({
    name: m.name,
    median: +m.median.toFixed(m.unit === "×" ? 2 : 1),
    p95: +m.p95.toFixed(m.unit === "×" ? 2 : 1),
    max: +m.max.toFixed(m.unit === "×" ? 2 : 1),
    target: m.target,
    ...(m.unit === "×" ? { unit: m.unit } : {}),
    verdict: verdict(m),
    ...m.extra,
  })),
  http,
};
const over = [...results.filter((m) => verdict(m) === "OVER").map((m) => m.name), ...httpOver];
const verdictLine = over.length === 0 ? "All figures within target." : `OVER target: ${over.join("; ")}`;
if (smoke) console.log(`\n${verdictLine}  (--smoke: figures not saved)`);
else {
  mkdirSync("bench/results", { recursive: true });
  // A second run of the same commit on the same day is kept beside the first, by its time (UTC).
  const name = `bench/results/${summary.date.slice(0, 10)}-${commit}-${kind}`;
  const file = existsSync(`${name}.json`)
    ? `${name}-${summary.date.slice(11, 16).replace(":", "")}.json`
    : `${name}.json`;
  writeFileSync(file, JSON.stringify(summary, null, 2) + "\n");
  console.log(`\n${verdictLine}  Saved ${file}`);
}
console.log(JSON.stringify(summary));
if (kind === "postgres" && !process.env.BENCH_PG_URL) {
  const { stopPostgres } = await import("../scripts/postgres-local.mjs");
  stopPostgres({ bench: true, keepData: true });
}
