// The bench's job bag (issue #45 item 8): repairs, custom orders and layaways over the clients, taken over
// the last eighteen months, most of the old ones delivered, the recent ones spread over their flow, so
// every filter of /jobs and the dashboard's "ready to collect" and "overdue" counts find rows.
import { addDays, businessToday, dateFromIso } from "~/domain/calendar";
import { JOB_LETTERS, jobNumber, type JobStatus, type JobType } from "~/domain/jobs";
import { KARATS, METALS } from "~/domain/sales";
import { seededRandom } from "../scripts/seeded-random";
import { BENCH_CATEGORIES, BENCH_SHOWROOMS, BENCH_STAFF } from "./generate";
import type { BulkWriter } from "./writers";

const DESCRIPTIONS: Record<JobType, readonly string[]> = {
  repair: ["Resize ring", "Solder broken chain", "Replace clasp", "Polish and clean", "Reset loose stone"],
  custom_order: ["Six 21K bangles", "Name necklace in Arabic", "Bridal set to design", "Matching wedding bands"],
  layaway: ["Diamond necklace put aside", "Gold set on instalments", "Watch put aside"],
};

/** Where a job taken `age` days ago stands: the old ones mostly closed, the recent ones along their flow. */
function statusOf(type: JobType, age: number, rand: () => number): JobStatus {
  const r = rand();
  if (age > 90) return r < 0.88 ? "delivered" : r < 0.95 ? "cancelled" : "ready";
  if (type === "layaway") return r < 0.65 ? "reserved" : r < 0.85 ? "ready" : "delivered";
  return r < 0.3 ? "received" : r < 0.65 ? "in_workshop" : r < 0.9 ? "ready" : "delivered";
}

export async function generateJobs(
  writer: BulkWriter,
  options: { clients: number; jobs: number; seed: number },
): Promise<number> {
  // A stream of its own: the clients and sales stay those the seed gave before jobs existed.
  const rand = seededRandom(options.seed + 4);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const today = businessToday();
  const now = new Date();
  const counters = new Map<string, number>();
  const CHUNK = 5000;
  let paymentId = 0;
  for (let start = 0; start < options.jobs; start += CHUNK) {
    const jobs = [];
    const items = [];
    const payments = [];
    const changes = [];
    for (let id = start + 1; id <= Math.min(start + CHUNK, options.jobs); id++) {
      const r = rand();
      const type: JobType = r < 0.5 ? "repair" : r < 0.8 ? "custom_order" : "layaway";
      const age = Math.floor(rand() * 540);
      const takenDay = addDays(today, -age);
      const takenAt = dateFromIso(takenDay);
      const promisedDay = addDays(takenDay, 7 + Math.floor(rand() * 38));
      const status = statusOf(type, age, rand);
      const year = Number(takenDay.slice(0, 4));
      const counter = `${JOB_LETTERS[type]}-${year}`;
      const sequence = (counters.get(counter) ?? 0) + 1;
      counters.set(counter, sequence);
      const [minFils, maxFils] =
        type === "repair" ? [5_000, 50_000] : type === "custom_order" ? [500_000, 5_000_000] : [200_000, 3_000_000];
      const priceFils =
        type === "repair" && rand() < 0.1
          ? null
          : BigInt(Math.round((minFils + rand() * (maxFils - minFils)) / 100) * 100);
      const settled = status === "delivered" || (type === "layaway" && status === "ready");
      const paidFils =
        priceFils === null
          ? 0n
          : settled
            ? priceFils
            : ((priceFils * BigInt(Math.floor(rand() * 50))) / 100n / 100n) * 100n;
      const readyDay =
        status === "ready" || status === "delivered"
          ? addDays(takenDay, Math.min(age, 3 + Math.floor(rand() * 30)))
          : null;
      const [takenById, takenByName] = pick(BENCH_STAFF);
      jobs.push({
        id,
        number: jobNumber(type, year, sequence),
        type,
        status,
        customerId: 1 + Math.floor(rand() * options.clients),
        showroom: pick(BENCH_SHOWROOMS),
        takenById,
        takenByName,
        takenAt,
        promisedDate: dateFromIso(promisedDay),
        description: pick(DESCRIPTIONS[type]),
        priceFils,
        paidFils,
        saleId: null,
        readyAt: readyDay ? dateFromIso(readyDay) : null,
        updatedAt: now,
      });
      const metal = pick(METALS);
      items.push({
        jobId: id,
        position: 0,
        category: pick(BENCH_CATEGORIES),
        metal,
        karat: metal.endsWith("gold") ? pick(KARATS.filter((k) => k !== "none")) : "none",
        weightMg: metal === "none" ? null : 1_000 + Math.floor(rand() * 60_000),
        stone: "none",
        stoneCaratPoints: null,
        notes: null,
      });
      if (paidFils > 0n)
        payments.push({
          id: ++paymentId,
          jobId: id,
          method: rand() < 0.7 ? "card" : "bank_transfer",
          amountFils: paidFils,
          paidOn: takenAt,
          takenById,
          takenByName,
          createdAt: takenAt,
        });
      changes.push({
        jobId: id,
        status,
        reason: null,
        override: false,
        byId: takenById,
        byName: takenByName,
        at: takenAt,
      });
    }
    await writer.insert("Job", jobs);
    await writer.insert("JobItem", items);
    await writer.insert("JobPayment", payments);
    await writer.insert("JobStatusChange", changes);
  }
  // New jobs taken in the bench continue each type's numbering.
  await writer.insert(
    "JobCounter",
    [...counters].map(([counter, last]) => {
      const [letter, year] = counter.split("-");
      return { letter: letter!, year: Number(year), last };
    }),
  );
  return options.jobs;
}
