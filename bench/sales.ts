// Recording and voiding a sale at bench size (docs/decisions/016-itemised-sales-and-voids.md):
// each is one transaction that recomputes the client's total, tier and last purchase with
// SUM/MAX over the client's sales. Measured on the client with the most sales, then the data
// set is left as it was found (the bench's sales deleted, the client recomputed).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { measure, type Measurement } from "./measure";

export async function measureSales(runs: number): Promise<Measurement[]> {
  const { db } = await import("~/db/db.server");
  const { recordSale, recomputeClientPurchases, voidSale } = await import("~/services/sales.server");
  const { saleInputSchema } = await import("~/domain/sales");
  const { businessToday } = await import("~/domain/calendar");
  const { readShopLists } = await import("~/services/shop-lists.server");

  const [busiest] = await db.sale.groupBy({
    by: ["clientId"],
    _count: { _all: true },
    orderBy: { _count: { clientId: "desc" } },
    take: 1,
  });
  if (!busiest) return [];
  const clientId = busiest.clientId;
  const actor = await db.user.upsert({
    where: { email: "bench-admin@example.com" },
    update: {},
    create: { email: "bench-admin@example.com", name: "Bench Admin", role: "admin" },
    select: { id: true, name: true, role: true },
  });
  const context = { actor: { ...actor, role: "admin" as const } };
  const input = saleInputSchema(businessToday(), await readShopLists()).parse({
    saleDate: businessToday(),
    showroom: "dubai_mall",
    items: [
      { category: "bangle", metal: "yellow_gold", karat: 21, weightGrams: "32.4", price: "9800.10" },
      { category: "ring", metal: "white_gold", karat: 18, stone: "diamond", stoneCarats: "1.02", price: "25000" },
      { category: "earrings", metal: "yellow_gold", karat: 22, weightGrams: "6.125", price: "2100.50" },
    ],
  });
  const recorded: number[] = [];
  const results: Measurement[] = [];
  console.log(`(client ${clientId}, ${busiest._count._all} sales)`);
  try {
    results.push(
      await measure(
        "sales: record a 3-item sale (recompute total, tier, last purchase)",
        async () => {
          const result = await recordSale(clientId, input, context);
          if (!result.ok) throw new Error(result.message.code);
          recorded.push(result.sale.id);
        },
        { runs, target: 30 },
      ),
    );
    let next = 0;
    results.push(
      await measure(
        "sales: void a sale (recompute total, tier, last purchase)",
        async () => {
          const result = await voidSale(recorded[next++]!, "bench", context);
          if (!result.ok) throw new Error(result.message.code);
        },
        { runs: Math.min(runs, recorded.length - 3), warmup: 3, target: 30 },
      ),
    );
  } finally {
    await db.sale.deleteMany({ where: { id: { in: recorded } } });
    await db.$transaction((tx) => recomputeClientPurchases(tx, clientId));
  }
  return results;
}

// The sales report over the default period, the last 12 months (docs/decisions/018-sales-report.md):
// GET /api/reports/sales by month (target < 300 ms) and by item category (< 500 ms), the other
// groupings beside them, and the whole /reports loader (every chart, the previous period, the same
// period last year and their new and returning clients; < 300 ms, issue #41). Read-only.
const REPORT_TARGETS: Partial<Record<string, number>> = { month: 300, category: 500 };

export async function measureSalesReports(
  runs: number,
  loaderArgs: (path: string) => LoaderFunctionArgs,
  somethingWritten: () => Promise<unknown>,
): Promise<Measurement[]> {
  const { db } = await import("~/db/db.server");
  const reportApi = await import("~/routes/api.reports.sales");
  const reportPage = await import("~/routes/_app.reports");
  const { businessToday } = await import("~/domain/calendar");
  const { defaultPeriod, REPORT_GROUPINGS } = await import("~/domain/sales-report");

  if (!(await db.saleItem.findFirst({ select: { id: true } })))
    console.log(
      "(the data set's sales carry no items, so 'by category' says little: regenerate it with npm run bench:data)",
    );
  const { from, to } = defaultPeriod(businessToday());
  const results: Measurement[] = [];
  for (const groupBy of REPORT_GROUPINGS) {
    results.push(
      await measure(
        `reports: last 12 months by ${groupBy} (GET /api/reports/sales)`,
        async () => {
          const response = await reportApi.loader(
            loaderArgs(`/api/reports/sales?from=${from}&to=${to}&groupBy=${groupBy}`),
          );
          if (response.status !== 200) throw new Error(`report by ${groupBy}: ${response.status}`);
          await response.text();
        },
        { runs, target: REPORT_TARGETS[groupBy] },
      ),
    );
  }
  // Its figures are kept until the next write (app/cache/README.md): a write before each run makes
  // it read them all, as the first /reports after a sale does; the second figure is a kept one.
  const loaderRuns = Math.max(1, Math.ceil(runs / 2));
  results.push(
    await measure(
      "reports: /reports loader, last 12 months (every chart and both comparisons)",
      () => reportPage.loader(loaderArgs("/reports")),
      { runs: loaderRuns, target: 300, before: somethingWritten },
    ),
    await measure("reports: /reports loader, nothing written since", () => reportPage.loader(loaderArgs("/reports")), {
      runs: loaderRuns,
    }),
  );
  return results;
}
