// The bench data set: realistic, seeded, spread over every tier, country, emirate and team, with
// birthdays, anniversaries and ID expiries over the year, preferences and family members (whose
// birthdays are reminders too). Bulk inserts in transactions.
import { clientDerivedFields } from "~/services/client-record.server";
import { addDays, businessToday, dateFromIso, dayNumber, isoFromDayNumber } from "~/domain/calendar";
import { COUNTRIES, EMIRATES, ANNIVERSARY_TYPES } from "~/domain/client-enums";
import { KARATS, METALS, storedItems } from "~/domain/sales";

/** The team keys the migration seeds (issue #42): bench clients are spread over them. */
const BENCH_TEAMS = ["team_a", "team_b", "team_c"] as const;
/** The showroom and item category keys the migration seeds (issue #42): bench sales are spread over them. */
export const BENCH_SHOWROOMS = [
  "dubai_gold_souk",
  "dubai_mall",
  "abu_dhabi",
  "sharjah",
  "al_ain",
  "online",
  "road_sales",
] as const;
export const BENCH_CATEGORIES = [
  "ring",
  "bangle",
  "bracelet",
  "necklace",
  "pendant",
  "earrings",
  "set",
  "watch",
  "coin_bar",
  "other",
] as const;
import { familyMemberData } from "~/services/client-family.server";
import { BUDGET_BANDS, listColumn, PREFERRED_METALS, PREFERRED_STONES } from "~/domain/preferences";
import { seededRandom } from "../scripts/seeded-random";
import type { BulkWriter } from "./writers";

const FIRST = [
  "Aisha",
  "Fatima",
  "Mariam",
  "Noura",
  "Layla",
  "Hessa",
  "Sara",
  "Reem",
  "Amna",
  "Maitha",
  "Mohammed",
  "Ahmed",
  "Khalid",
  "Omar",
  "Saeed",
  "Rashid",
  "Hamdan",
  "Sultan",
  "Yousef",
  "Ali",
  "Priya",
  "Anjali",
  "Ravi",
  "Arjun",
  "Elena",
  "Sofia",
  "James",
  "Olivia",
  "Chen",
  "Mei",
  "Thandiwe",
  "Sipho",
  "Hassan",
  "Zainab",
  "Abdullah",
  "Mona",
  "Ibrahim",
  "Salma",
  "Tariq",
  "Huda",
];
const LAST = [
  "Al Mansoori",
  "Al Nahyan",
  "Al Maktoum",
  "Al Suwaidi",
  "Al Falasi",
  "Al Hashemi",
  "Al Qasimi",
  "Al Shamsi",
  "Al Ketbi",
  "Al Zaabi",
  "Khan",
  "Sharma",
  "Patel",
  "Menon",
  "Fernandes",
  "Haddad",
  "Nasser",
  "Karimi",
  "Smith",
  "Ivanova",
  "Nkosi",
  "Dlamini",
  "Al Thani",
  "Al Sabah",
  "Al Khalifa",
  "Al Saud",
  "Rahman",
  "Qureshi",
  "Costa",
  "Wang",
];
const AREAS = [
  "Jumeirah",
  "Downtown",
  "Al Barsha",
  "Deira",
  "Marina",
  "Al Reem",
  "Khalifa City",
  "Al Nahda",
  "Al Majaz",
  "Mirdif",
  "Business Bay",
  "Al Rashidiya",
];
const COLLECTIONS = ["Bridal", "Diamonds", "Gold 22k", "Pearls", "Watches", "Everyday"];
const STYLES = ["Classic", "Minimal", "Statement", "Vintage", "Arabic calligraphy", "Everyday"];
const TIMES = ["Morning", "Afternoon", "Evening", "Weekend"];
const EMIRATE_WEIGHTS = [40, 20, 15, 7, 6, 4, 5, 3];

export type GenerateOptions = {
  clients: number;
  sales: number;
  seed: number;
  /** Clienteling rows: contacts (interactions) and follow-ups, spread over the bench staff. */
  interactions?: number;
  followUps?: number;
  onProgress?: (done: number) => void;
};

/** The share of clients who are a second record of someone already in the book. */
const TWIN_SHARE = 0.02;

/** The ways staff spell one name: the spellings the duplicate check folds together (app/domain/duplicate-keys.ts). */
const SPELLINGS: readonly [RegExp, string][] = [
  [/Mohammed/, "Muhammad"],
  [/Ahmed/, "Ahmad"],
  [/Yousef/, "Yusuf"],
  [/Al Mansoori/, "Al-Mansouri"],
  [/ Al /, " Al-"],
];

type Entered = { fullName: string; dateOfBirth: Date; email: string | null; emiratesId: string | null };

function respelt(name: string): string {
  for (const [from, to] of SPELLINGS) if (from.test(name)) return name.replace(from, to);
  return name.toUpperCase();
}

/** Bench staff who own clients, record contacts and hold follow-ups (road sales included). */
export const BENCH_STAFF = [
  ["bench-staff-1", "Reem Bench", "sales_front"],
  ["bench-staff-2", "Arjun Bench", "sales_front"],
  ["bench-staff-3", "Hamad Bench", "sales_back"],
  ["bench-staff-4", "Joy Bench", "sales_back"],
  ["bench-staff-5", "Saif Bench", "road_sales"],
  ["bench-staff-6", "Ben Bench", "road_sales"],
] as const;
const INTERACTION_TYPES = ["whatsapp", "call", "visit", "email", "note"] as const;

/**
 * What a sale carries besides its client, day and amount (docs/decisions/016): a showroom, the
 * associate, and, for most sales, one to three items whose prices add up to the amount; the rest
 * were recorded without items, as imports and the quick "new sale" do. Drawn from a stream of their
 * own, so the clients and the sales' days and amounts stay those the seed gave before sales
 * carried these.
 */
function saleDetails(rand: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  let itemId = 1;
  return (saleId: number, amount: bigint) => {
    const itemCount = rand() < 0.15 ? 0 : amount < 300n ? 1 : 1 + Math.floor(rand() * 3);
    const weights = Array.from({ length: itemCount }, () => 0.2 + rand());
    const weightSum = weights.reduce((a, b) => a + b, 0);
    let remaining = amount;
    const items = weights.map((weight, position) => {
      const priceFils =
        position === itemCount - 1 ? remaining : (amount * BigInt(Math.round((weight / weightSum) * 1e6))) / 1_000_000n;
      remaining -= priceFils;
      const metal = pick(METALS);
      return {
        id: itemId++,
        saleId,
        category: pick(BENCH_CATEGORIES),
        metal,
        karat: metal.endsWith("gold") ? pick(KARATS.filter((k) => k !== "none")) : "none",
        weightMg: metal === "none" ? null : 1_000 + Math.floor(rand() * 60_000),
        stone: "none",
        stoneCaratPoints: null,
        itemCode: null,
        certificateNo: null,
        priceFils,
      };
    });
    return {
      sale: {
        showroom: rand() < 0.05 ? null : pick(BENCH_SHOWROOMS),
        soldById: rand() < 0.1 ? null : pick(BENCH_STAFF)[0],
      },
      items,
    };
  };
}

/** The sales drawn client by client, kept compactly until they are written in date order. */
function saleColumns(size: number) {
  return {
    length: 0,
    clientId: new Int32Array(size),
    day: new Int32Array(size),
    amountFils: new BigInt64Array(size),
    description: new Int8Array(size),
    voided: new Uint8Array(size),
  };
}

/** Positions of the sales ordered by day (a counting sort: a million sales in one pass), drawing order within a day. */
function byDay(sales: ReturnType<typeof saleColumns>): Int32Array {
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < sales.length; i++) {
    first = Math.min(first, sales.day[i]!);
    last = Math.max(last, sales.day[i]!);
  }
  const starts = new Int32Array(Math.max(0, last - first + 2));
  for (let i = 0; i < sales.length; i++) starts[sales.day[i]! - first + 1]!++;
  for (let d = 1; d < starts.length; d++) starts[d]! += starts[d - 1]!;
  const order = new Int32Array(sales.length);
  for (let i = 0; i < sales.length; i++) order[starts[sales.day[i]! - first]!++] = i;
  return order;
}

export async function generateBenchData(
  writer: BulkWriter,
  options: GenerateOptions,
): Promise<{
  clients: number;
  sales: number;
  interactions: number;
  followUps: number;
  familyMembers: number;
  twins: number;
}> {
  const rand = seededRandom(options.seed);
  // Preferences and families draw from their own sequence, so the rest of a seed's data set is
  // the same as before they were added (earlier bench figures stay comparable).
  const taste = seededRandom(options.seed + 1);
  const tastePick = <T>(items: readonly T[]): T => items[Math.floor(taste() * items.length)]!;
  const someOf = <T>(items: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: 1 + Math.floor(taste() * max) }, () => tastePick(items))),
  ];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = rand() * total;
    for (let i = 0; i < items.length; i++) if ((r -= weights[i]!) < 0) return items[i]!;
    return items[items.length - 1]!;
  };
  const today = businessToday();
  const voidRand = seededRandom(options.seed + 2);
  // Clients entered twice (issue #44) draw from a stream of their own, so the rest stays as before.
  const twin = seededRandom(options.seed + 3);
  let twins = 0;

  // How many sales each client gets: a spread around the average, then nudged to the exact total.
  const avg = options.sales / options.clients;
  const counts = new Int32Array(options.clients);
  let assigned = 0;
  for (let i = 0; i < options.clients; i++) {
    counts[i] = rand() < 0.05 ? 0 : Math.max(1, Math.round(avg * (0.2 + rand() * 1.6)));
    assigned += counts[i]!;
  }
  while (assigned !== options.sales) {
    const i = Math.floor(rand() * options.clients);
    if (assigned < options.sales) {
      counts[i]!++;
      assigned++;
    } else if (counts[i]! > 1) {
      counts[i]!--;
      assigned--;
    }
  }

  const CHUNK = 5000;
  // Rows are written as the app writes them: explicit timestamps (SQLite keeps integer ms).
  const now = new Date();
  // Rows here are written raw, so they name the tables' columns: a client's id is "customerId".
  await writer.insert(
    "User",
    BENCH_STAFF.map(([id, name, role]) => ({
      id,
      name,
      email: `${id}@bench.example`,
      role,
      isActive: true,
      authType: "totp",
      createdAt: now,
      updatedAt: now,
    })),
  );
  // Contacts per client, spread like sales (some clients get many, most a few), nudged to the total.
  const interactionsPerClient = (options.interactions ?? 0) / options.clients;
  const followUpShare = (options.followUps ?? 0) / options.clients;
  let interactionId = 0;
  let followUpId = 0;
  const drawn = saleColumns(options.sales);
  let familyMembers = 0;
  for (let start = 0; start < options.clients; start += CHUNK) {
    const clients = [];
    const interactions = [];
    const followUps = [];
    const family = [];
    const entered: Entered[] = [];
    for (let i = start; i < Math.min(start + CHUNK, options.clients); i++) {
      const id = i + 1;
      const country = rand() < 0.85 ? "uae" : pick(COUNTRIES.filter((c) => c !== "uae"));
      const emirate = country === "uae" ? weighted(EMIRATES, EMIRATE_WEIGHTS) : "none";
      let fullName = `${pick(FIRST)} ${pick(LAST)}`;
      const mobileNumber =
        country === "uae" ? `9715${String(10_000_000 + id).slice(-8)}` : `27${String(800_000_000 + id)}`;
      // Tier mix: a few Diamond and Platinum clients, most Silver and Bronze.
      const r = rand();
      const [minAed, maxAed] =
        r < 0.01
          ? [1_000_000, 3_000_000]
          : r < 0.04
            ? [500_000, 999_999]
            : r < 0.19
              ? [100_000, 499_999]
              : r < 0.49
                ? [25_000, 99_999]
                : [500, 24_999];
      const count = counts[i]!;
      let totalFils = 0n;
      let lastPurchase: string | null = null;
      if (count > 0) {
        const targetFils = BigInt(Math.round((minAed + rand() * (maxAed - minAed)) * 100));
        // Recency: most bought within a year, a tail lapsed for up to three years.
        const newest = -Math.floor(rand() < 0.6 ? rand() * 120 : rand() * 1000);
        const weights = Array.from({ length: count }, () => 0.2 + rand());
        const weightSum = weights.reduce((a, b) => a + b, 0);
        let remaining = targetFils;
        for (let k = 0; k < count; k++) {
          const amount =
            k === count - 1
              ? remaining
              : (targetFils * BigInt(Math.round((weights[k]! / weightSum) * 1e6))) / 1_000_000n;
          remaining -= amount;
          const day = addDays(today, newest - Math.floor(rand() * 1000) * (k === count - 1 ? 0 : 1));
          const n = drawn.length++;
          drawn.clientId[n] = id;
          drawn.day[n] = dayNumber(day);
          drawn.amountFils[n] = amount;
          drawn.description[n] = rand() < 0.7 ? Math.floor(rand() * COLLECTIONS.length) : -1;
          // A few were voided; the newest always stands, so the last purchase is the same either way.
          drawn.voided[n] = k < count - 1 && voidRand() < 0.005 ? 1 : 0;
          if (!drawn.voided[n]) totalFils += amount;
          if (!lastPurchase || day > lastPurchase) lastPurchase = day;
        }
      }
      let dateOfBirth = dateFromIso(addDays("1955-01-01", Math.floor(rand() * 18_250)));
      const anniversaryDate = rand() < 0.4 ? dateFromIso(addDays("1985-01-01", Math.floor(rand() * 14_000))) : null;
      let emiratesId =
        country === "uae" && rand() < 0.85
          ? `784-${1950 + Math.floor(rand() * 55)}-${String(Math.floor(rand() * 1e7)).padStart(7, "0")}-${Math.floor(rand() * 10)}`
          : null;
      let email = rand() < 0.6 ? `${fullName.toLowerCase().replace(/[^a-z]+/g, ".")}.${id}@example.com` : null;
      // About one client in fifty is someone already in the book, typed again with another mobile: the
      // same Emirates ID, the same email in other letters, or the name spelt otherwise with the birth date.
      const first: Entered | null =
        entered.length > 0 && twin() < TWIN_SHARE ? entered[Math.floor(twin() * entered.length)]! : null;
      if (first) {
        twins++;
        const how = twin();
        if (how < 0.4 && first.emiratesId) emiratesId = first.emiratesId;
        else if (how < 0.7 && first.email) email = first.email.toUpperCase();
        else {
          fullName = respelt(first.fullName);
          dateOfBirth = first.dateOfBirth;
        }
      }
      // Owners, consent and the latest contact, as the app keeps them on the client row.
      const contactOk = rand() < 0.95 ? "Yes" : "No";
      const consent = contactOk === "Yes" ? "granted" : "withdrawn";
      const ownerId = rand() < 0.8 ? pick(BENCH_STAFF)[0] : null;
      const contactCount = Math.floor(interactionsPerClient * 2 * rand() + 0.5);
      let lastContact: { at: Date; type: string; by: string } | null = null;
      for (let k = 0; k < contactCount && interactionId < (options.interactions ?? 0); k++) {
        const at = new Date(now.getTime() - Math.floor(rand() * 365 * 86_400_000));
        const type = pick(INTERACTION_TYPES);
        const by = pick(BENCH_STAFF)[0];
        interactions.push({
          id: `bench-i-${++interactionId}`,
          customerId: id,
          type,
          note: rand() < 0.5 ? `Spoke about ${pick(COLLECTIONS)}` : null,
          outcome: rand() < 0.3 ? "Will visit" : null,
          at,
          userId: by,
          createdAt: at,
        });
        if (!lastContact || at > lastContact.at) lastContact = { at, type, by };
      }
      if (rand() < followUpShare && followUpId < (options.followUps ?? 0)) {
        const open = rand() < 0.7;
        followUps.push({
          id: `bench-f-${++followUpId}`,
          customerId: id,
          dueDate: dateFromIso(addDays(today, Math.floor(rand() * 60) - 20)),
          note: rand() < 0.6 ? "Call about the new collection" : null,
          createdById: ownerId ?? BENCH_STAFF[0][0],
          ownerId: ownerId ?? BENCH_STAFF[0][0],
          status: open ? "open" : "done",
          outcome: open ? null : "Booked a visit",
          doneAt: open ? null : now,
          createdAt: now,
        });
      }
      // About half have a spouse on file and a third their children: a few in every day's window.
      const relatives: { relation: "spouse" | "daughter" | "son"; from: string; span: number }[] = [];
      if (taste() < 0.5) relatives.push({ relation: "spouse", from: "1955-01-01", span: 17_000 });
      if (taste() < 0.35)
        for (let k = 0, n = 1 + Math.floor(taste() * 3); k < n; k++)
          relatives.push({ relation: taste() < 0.5 ? "daughter" : "son", from: "1990-01-01", span: 12_400 });
      for (const r of relatives) {
        family.push({
          clientId: id,
          ...familyMemberData({
            relation: r.relation,
            name: tastePick(FIRST),
            birthDate: taste() < 0.9 ? addDays(r.from, Math.floor(taste() * r.span)) : null,
          }),
          createdAt: now,
        });
      }
      entered.push({ fullName, dateOfBirth, email, emiratesId });
      clients.push({
        ringSize: taste() < 0.4 ? String(48 + Math.floor(taste() * 15)) : null,
        bangleSize: taste() < 0.3 ? tastePick(["2.2", "2.4", "2.6", "2.8", "2.10"]) : null,
        preferredMetals: taste() < 0.5 ? listColumn(someOf(PREFERRED_METALS, 2)) : null,
        preferredStones: taste() < 0.3 ? listColumn(someOf(PREFERRED_STONES, 2)) : null,
        styles: taste() < 0.2 ? listColumn(someOf(STYLES, 2)) : null,
        budgetBand: taste() < 0.4 ? tastePick(BUDGET_BANDS) : null,
        ownerId,
        lastContactAt: lastContact?.at ?? null,
        lastContactType: lastContact?.type ?? null,
        lastContactById: lastContact?.by ?? null,
        consentWhatsapp: consent,
        consentCall: consent,
        consentEmail: consent,
        consentSms: consent,
        id,
        fullName,
        mobileNumber,
        country,
        emirate,
        area: country === "uae" ? pick(AREAS) : null,
        totalSalesFils: totalFils,
        lastPurchaseDate: lastPurchase ? dateFromIso(lastPurchase) : null,
        team: rand() < 0.05 ? null : pick(BENCH_TEAMS),
        dateOfBirth,
        email,
        emiratesId,
        emiratesIdExpiry: emiratesId ? dateFromIso(addDays(today, Math.floor(rand() * 1200) - 90)) : null,
        pepStatus: rand() < 0.02 ? "Yes" : "No",
        anniversaryType: anniversaryDate ? pick(ANNIVERSARY_TYPES) : null,
        anniversaryDate,
        preferredTime: rand() < 0.5 ? pick(TIMES) : null,
        preferredCollection: rand() < 0.5 ? pick(COLLECTIONS) : null,
        contactOk,
        isActive: true,
        source: "client_import",
        createdAt: now,
        updatedAt: now,
        ...clientDerivedFields({
          fullName,
          fullNameAr: null,
          mobileNumber,
          email,
          emiratesId,
          totalSalesFils: totalFils,
          dateOfBirth,
          anniversaryDate,
        }),
      });
    }
    await writer.insert("Customer", clients);
    await writer.insert("ClientInteraction", interactions);
    await writer.insert("FollowUp", followUps);
    await writer.insert("ClientFamilyMember", family);
    familyMembers += family.length;
    options.onProgress?.(Math.min(start + CHUNK, options.clients));
  }

  // Sales are written in date order, as tills record them: a sale's id grows with its day, so a
  // period's sales and their items lie together in the tables (docs/decisions/018-sales-report.md).
  const detailsOf = saleDetails(seededRandom(options.seed + 1));
  const order = byDay(drawn);
  const voidedAt = new Date();
  for (let start = 0; start < order.length; start += CHUNK) {
    const sales = [];
    const saleItems = [];
    for (let position = start; position < Math.min(start + CHUNK, order.length); position++) {
      const i = order[position]!;
      const id = position + 1;
      const amountFils = drawn.amountFils[i]!;
      const details = detailsOf(id, amountFils);
      const voided = drawn.voided[i] === 1;
      const saleDate = dateFromIso(isoFromDayNumber(drawn.day[i]!));
      sales.push({
        id,
        customerId: drawn.clientId[i]!,
        saleDate,
        amountFils,
        description: drawn.description[i]! >= 0 ? COLLECTIONS[drawn.description[i]!]! : null,
        createdAt: now,
        ...details.sale,
        voidedAt: voided ? voidedAt : null,
        voidReason: voided ? "Bench: entered twice" : null,
      });
      saleItems.push(...storedItems(details.items, saleDate).map((item) => ({ ...item, saleVoided: voided })));
    }
    await writer.insert("Sale", sales);
    await writer.insert("SaleItem", saleItems);
  }
  return {
    clients: options.clients,
    sales: drawn.length,
    interactions: interactionId,
    followUps: followUpId,
    familyMembers,
    twins,
  };
}
