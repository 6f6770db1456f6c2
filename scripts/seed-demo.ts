// npm run seed:demo : fills an empty client book with a realistic, reproducible demo data set
// (about 2,000 clients with their sales, follow-up-worthy dates, and staff of every role).
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import "./runtime-env.mjs";
import { sealDeviceSecret } from "~/auth/crypto.server";
import { totpUri } from "~/auth/totp.server";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, type IsoDate } from "~/domain/calendar";
import { ANNIVERSARY_TYPES, EMIRATES, type Country, type Emirate } from "~/domain/client-enums";
import { activeChoices } from "~/domain/shop-lists";
import type { FamilyMemberInput } from "~/domain/family";
import { BUDGET_BANDS, listColumn, PREFERRED_METALS, PREFERRED_STONES } from "~/domain/preferences";
import { AED, sumFils, type Fils } from "~/domain/money";
import { DIAMOND_FROM, GOLD_FROM, PLATINUM_FROM, SILVER_FROM, type Tier } from "~/domain/tiers";
import type { Prisma } from "~/generated/prisma/client";
import { familyMemberData } from "~/services/client-family.server";
import { clientDerivedFields } from "~/services/client-record.server";
import { readShopLists } from "~/services/shop-lists.server";
import { migrateDatabase } from "./operator-db.mjs";
import { seededRandom } from "./seeded-random";

const CLIENT_COUNT = 2000;
/** The same seed gives the same clients, names, sales and secrets on every machine. */
const SEED = 20240601;

const random = seededRandom(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
/** Preferences and families draw from their own sequence, so the clients, sales and secrets stay as they were. */
const taste = seededRandom(SEED + 1);
const tasteInt = (min: number, max: number) => min + Math.floor(taste() * (max - min + 1));
const tastePick = <T>(items: readonly T[]): T => items[Math.floor(taste() * items.length)]!;
const someOf = <T>(items: readonly T[]) => [
  ...new Set([tastePick(items), ...(taste() < 0.4 ? [tastePick(items)] : [])]),
];

function weighted<T extends string>(weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let roll = random() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of entries) if ((roll -= w) < 0) return value;
  return entries[entries.length - 1]![0];
}

const EMIRATI_MEN = [
  "Mohammed",
  "Ahmed",
  "Khalid",
  "Saeed",
  "Rashid",
  "Hamdan",
  "Sultan",
  "Omar",
  "Abdullah",
  "Majid",
  "Saif",
  "Obaid",
  "Humaid",
  "Juma",
  "Yousef",
  "Hamad",
  "Faisal",
  "Mansour",
  "Nasser",
  "Ali",
];
const EMIRATI_WOMEN = [
  "Fatima",
  "Aisha",
  "Mariam",
  "Noura",
  "Hessa",
  "Shamma",
  "Latifa",
  "Moza",
  "Alia",
  "Amna",
  "Maitha",
  "Reem",
  "Sara",
  "Mahra",
  "Hind",
  "Shaikha",
  "Dana",
  "Meera",
  "Asma",
  "Khawla",
];
const EMIRATI_FAMILIES = [
  "Al Mansoori",
  "Al Nuaimi",
  "Al Suwaidi",
  "Al Hashimi",
  "Al Falasi",
  "Al Ketbi",
  "Al Shamsi",
  "Al Mazrouei",
  "Al Dhaheri",
  "Al Marri",
  "Al Zaabi",
  "Al Blooshi",
  "Al Awadhi",
  "Al Hammadi",
  "Al Kaabi",
  "Al Muhairi",
  "Al Romaithi",
  "Al Qubaisi",
  "Al Mheiri",
  "Al Shehhi",
  "Al Tunaiji",
  "Al Neyadi",
  "Al Ameri",
  "Al Kindi",
];
const EXPAT_NAMES = [
  ["Priya", "Nair"],
  ["Rahul", "Menon"],
  ["Anjali", "Sharma"],
  ["Vikram", "Iyer"],
  ["Maria", "Santos"],
  ["Jose", "Reyes"],
  ["Grace", "Dela Cruz"],
  ["James", "Whitfield"],
  ["Emma", "Clarke"],
  ["Oliver", "Hughes"],
  ["Thabo", "Nkosi"],
  ["Lerato", "Dlamini"],
  ["Pieter", "van der Merwe"],
  ["Layla", "Haddad"],
  ["Rami", "Khoury"],
  ["Nour", "Saleh"],
  ["Hassan", "Qureshi"],
  ["Ayesha", "Siddiqui"],
  ["Elena", "Petrova"],
  ["Wei", "Zhang"],
];
const GCC_FAMILIES: Record<Exclude<Country, "uae" | "south_africa">, string[]> = {
  bahrain: ["Al Khalifa", "Al Zayani", "Kanoo", "Al Moayyed"],
  qatar: ["Al Thani", "Al Kuwari", "Al Mannai", "Al Sulaiti"],
  kuwait: ["Al Sabah", "Al Ghanim", "Al Kharafi", "Al Mutairi"],
  saudi_arabia: ["Al Saud", "Al Rashid", "Al Otaibi", "Al Qahtani", "Al Harbi"],
};
const AREAS: Record<Emirate, string[]> = {
  dubai: [
    "Jumeirah",
    "Al Barsha",
    "Dubai Marina",
    "Downtown Dubai",
    "Mirdif",
    "Deira",
    "Al Warqa",
    "Arabian Ranches",
    "Palm Jumeirah",
    "Al Quoz",
  ],
  abu_dhabi: [
    "Khalifa City",
    "Al Reem Island",
    "Al Bateen",
    "Mohammed Bin Zayed City",
    "Saadiyat Island",
    "Al Mushrif",
  ],
  sharjah: ["Al Majaz", "Al Khan", "Muwaileh", "Al Nahda", "Al Qasimia"],
  ajman: ["Al Nuaimiya", "Al Rashidiya", "Al Jurf"],
  al_ain: ["Al Jimi", "Al Muwaiji", "Hili", "Al Towayya"],
  fujairah: ["Dibba", "Al Faseel", "Merashid"],
  ras_al_khaimah: ["Al Nakheel", "Al Hamra", "Khuzam"],
  umm_al_quwain: ["Al Salama", "Al Raas"],
};
const DESCRIPTIONS = [
  "",
  "",
  "Gold bangle",
  "Diamond ring",
  "Pearl necklace",
  "Wedding set",
  "Earrings",
  "Bracelet",
  "Watch",
  "Solitaire pendant",
  "Eid gift",
];
const COLLECTIONS = ["Bridal", "Everyday Gold", "Diamonds", "Pearls", "Kids", "Men's"];
const PREFERRED_TIMES = ["Mornings", "Afternoons", "Evenings", "Weekends"];
const CATEGORIES = ["Walk-in", "Referral", "Corporate", "Event"];

/** Tier shares of the demo book: a few VIPs, a broad base. */
const TIER_SHARE: Record<Tier, number> = { diamond: 1.5, platinum: 3.5, gold: 12, silver: 30, bronze: 53 };
const TIER_RANGE: Record<Tier, [Fils, Fils]> = {
  diamond: [DIAMOND_FROM, AED(2_500_000)],
  platinum: [PLATINUM_FROM, DIAMOND_FROM - 1n],
  gold: [GOLD_FROM, PLATINUM_FROM - 1n],
  silver: [SILVER_FROM, GOLD_FROM - 1n],
  bronze: [0n, SILVER_FROM - 1n],
};

const today = businessToday();

/** A total in the tier's range, split into sales on dates in the last three years. */
function salesFor(tier: Tier): { saleDate: Date; amountFils: Fils; description: string | null }[] {
  const [min, max] = TIER_RANGE[tier];
  // Whole dirhams, so amounts look like real tickets.
  const total = ((min + BigInt(Math.floor(random() * Number(max - min)))) / 100n) * 100n;
  if (total === 0n) return [];
  const count = Math.min(int(1, tier === "bronze" ? 3 : 10), Number(total / 100n));
  const cuts = Array.from({ length: count - 1 }, () => BigInt(Math.floor(random() * Number(total / 100n)))).sort(
    (a, b) => (a < b ? -1 : 1),
  );
  const bounds = [0n, ...cuts.map((c) => c * 100n), total];
  // Some clients are recent, some have lapsed (the 3/6/12-month filters and "inactive" need both).
  const newest = chance(0.45) ? int(0, 89) : int(90, 900);
  return bounds
    .slice(1)
    .map((end, i) => ({
      saleDate: dateFromIso(addDays(today, -(newest + int(0, 400) * (i === 0 ? 0 : 1)))),
      amountFils: end - bounds[i]!,
      description: pick(DESCRIPTIONS) || null,
    }))
    .filter((s) => s.amountFils > 0n);
}

/** A yearly date (birthday, anniversary) in `year` that falls within the next `days` days when asked to. */
function yearlyDate(year: number, soon: boolean): Date {
  if (soon) {
    const next = addDays(today, int(0, 30));
    const monthDay = next.slice(5);
    return dateFromIso(`${year}-${monthDay === "02-29" ? "02-28" : monthDay}`);
  }
  const month = int(1, 12);
  const day = int(1, 28);
  return dateFromIso(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
}

function emiratesId(birthYear: number): string {
  return `784-${birthYear}-${String(int(0, 9_999_999)).padStart(7, "0")}-${int(0, 9)}`;
}

function idExpiry(): IsoDate {
  const roll = random();
  if (roll < 0.04) return addDays(today, -int(1, 120)); // already expired
  if (roll < 0.08) return addDays(today, int(0, 30)); // due for renewal this month
  return addDays(today, int(31, 3 * 365));
}

const STYLES = ["Classic", "Minimal", "Statement", "Vintage", "Arabic calligraphy", "Everyday"];

/** Sizes, tastes and a budget, each known for some clients only. */
function preferencesFor() {
  return {
    ringSize: taste() < 0.4 ? String(tasteInt(48, 62)) : null,
    bangleSize: taste() < 0.3 ? tastePick(["2.2", "2.4", "2.6", "2.8", "2.10"]) : null,
    preferredMetals: taste() < 0.5 ? listColumn(someOf(PREFERRED_METALS)) : null,
    preferredStones: taste() < 0.3 ? listColumn(someOf(PREFERRED_STONES)) : null,
    styles: taste() < 0.25 ? listColumn(someOf(STYLES)) : null,
    budgetBand: taste() < 0.4 ? tastePick(BUDGET_BANDS) : null,
  };
}

/** A date of birth in one of the years given; now and then a birthday in the next 30 days. */
function familyBirthDate(fromYear: number, toYear: number): IsoDate {
  const year = tasteInt(fromYear, toYear);
  const monthDay =
    taste() < 0.1
      ? addDays(today, tasteInt(1, 30)).slice(5)
      : `${String(tasteInt(1, 12)).padStart(2, "0")}-${String(tasteInt(1, 28)).padStart(2, "0")}`;
  return `${year}-${monthDay === "02-29" ? "02-28" : monthDay}`;
}

/** About half have a spouse on file and a third their children, most with a date of birth. */
function familyFor(): FamilyMemberInput[] {
  const thisYear = Number(today.slice(0, 4));
  const family: FamilyMemberInput[] = [];
  if (taste() < 0.5)
    family.push({
      relation: "spouse",
      name: tastePick([...EMIRATI_MEN, ...EMIRATI_WOMEN]),
      birthDate: taste() < 0.8 ? familyBirthDate(1955, 2000) : null,
    });
  if (taste() < 0.35)
    for (let i = 0, n = tasteInt(1, 3); i < n; i++) {
      const daughter = taste() < 0.5;
      family.push({
        relation: daughter ? "daughter" : "son",
        name: tastePick(daughter ? EMIRATI_WOMEN : EMIRATI_MEN),
        birthDate: taste() < 0.9 ? familyBirthDate(thisYear - 25, thisYear - 1) : null,
      });
    }
  return family;
}

type SeedClient = {
  client: Prisma.ClientCreateManyInput;
  sales: ReturnType<typeof salesFor>;
  family: FamilyMemberInput[];
};

/** `teams`: the keys of the shop's active teams (the migration seeds three), which the clients are spread over. */
function makeClient(index: number, usedMobiles: Set<string>, teams: readonly string[]): SeedClient {
  const country = weighted<Country>({ uae: 85, south_africa: 3, bahrain: 3, qatar: 3, kuwait: 3, saudi_arabia: 3 });
  const emirate: Emirate | "none" =
    country === "uae"
      ? weighted<Emirate>({
          dubai: 40,
          abu_dhabi: 20,
          sharjah: 15,
          ajman: 7,
          al_ain: 6,
          ras_al_khaimah: 5,
          fujairah: 4,
          umm_al_quwain: 3,
        })
      : "none";
  let first: string;
  let last: string;
  if (country === "uae" && chance(0.65)) {
    const woman = chance(0.55);
    first = pick(woman ? EMIRATI_WOMEN : EMIRATI_MEN);
    last = pick(EMIRATI_FAMILIES);
  } else if (country === "uae" || country === "south_africa") {
    [first, last] = pick(EXPAT_NAMES) as [string, string];
    if (country === "south_africa") [first, last] = pick(EXPAT_NAMES.slice(10, 13)) as [string, string];
  } else {
    first = pick(chance(0.55) ? EMIRATI_WOMEN : EMIRATI_MEN);
    last = pick(GCC_FAMILIES[country]);
  }
  const fullName = `${first} ${last}`;

  let mobileNumber: string;
  const prefix = {
    uae: "9715",
    south_africa: "2782",
    bahrain: "9733",
    qatar: "9745",
    kuwait: "9656",
    saudi_arabia: "9665",
  }[country];
  do
    mobileNumber = `${prefix}${String(int(0, 99_999_999)).padStart(country === "uae" || country === "saudi_arabia" ? 8 : 7, "0")}`;
  while (usedMobiles.has(mobileNumber));
  usedMobiles.add(mobileNumber);

  const tier = weighted(TIER_SHARE);
  const sales = chance(0.06) ? [] : salesFor(tier);
  const totalSalesFils = sumFils(sales.map((s) => s.amountFils));
  const lastPurchaseDate = sales.length ? new Date(Math.max(...sales.map((s) => s.saleDate.getTime()))) : null;

  const birthYear = int(1955, 2003);
  const dateOfBirth = chance(0.85) ? yearlyDate(birthYear, chance(0.04)) : null;
  const anniversaryType = chance(0.4) ? pick(ANNIVERSARY_TYPES) : null;
  const anniversaryDate = anniversaryType ? yearlyDate(int(1985, 2023), chance(0.06)) : null;
  const resident = country === "uae" && chance(0.85);
  const email = chance(0.6)
    ? `${first}.${last}${index}`.toLowerCase().replace(/[^a-z0-9.]+/g, "") +
      `@${pick(["gmail.com", "outlook.com", "yahoo.com", "icloud.com"])}`
    : null;
  const id = resident ? emiratesId(birthYear) : null;
  const fields = {
    fullName,
    fullNameAr: null,
    mobileNumber,
    email,
    emiratesId: id,
    totalSalesFils,
    dateOfBirth,
    anniversaryDate,
  };

  return {
    sales,
    family: familyFor(),
    client: {
      ...fields,
      ...preferencesFor(),
      ...clientDerivedFields(fields),
      country,
      emirate,
      area: emirate === "none" ? null : pick(AREAS[emirate]),
      lastPurchaseDate,
      team: pick(teams),
      emiratesIdExpiry: id ? dateFromIso(idExpiry()) : null,
      pepStatus: chance(0.02) ? "Yes" : "No",
      anniversaryType,
      preferredTime: chance(0.3) ? pick(PREFERRED_TIMES) : null,
      preferredCollection: chance(0.3) ? pick(COLLECTIONS) : null,
      contactOk: chance(0.7) ? (chance(0.9) ? "Yes" : "No") : null,
      category: chance(0.25) ? pick(CATEGORIES) : null,
      isActive: chance(0.97),
      source: "manual",
    },
  };
}

/** Base32 secrets from the seeded generator, so the demo staff's codes are the same on every run. */
function seededSecret(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from({ length: 32 }, () => alphabet[int(0, 31)]).join("");
}

const STAFF = [
  { name: "Salma Al Hashimi", email: "salma.admin@demo.jewel", role: "admin", department: "Management" },
  {
    name: "Reem Al Falasi",
    email: "reem.front@demo.jewel",
    role: "sales_front",
    department: "Dubai Mall showroom",
    showroom: "dubai_mall",
  },
  {
    name: "Arjun Pillai",
    email: "arjun.front@demo.jewel",
    role: "sales_front",
    department: "Gold Souk showroom",
    showroom: "dubai_gold_souk",
  },
  { name: "Hamad Al Ketbi", email: "hamad.back@demo.jewel", role: "sales_back", department: "Client care" },
  { name: "Joy Fernandes", email: "joy.back@demo.jewel", role: "sales_back", department: "Client care" },
  { name: "Saif Al Zaabi", email: "saif.road@demo.jewel", role: "road_sales", department: "Abu Dhabi route" },
  { name: "Ben Carter", email: "ben.road@demo.jewel", role: "road_sales", department: "Northern emirates route" },
] as const;

/**
 * Owners, contacts, consent and follow-ups spread over the demo staff, from a random stream of
 * their own so the clients above stay the same as before these existed.
 */
async function seedClienteling(tx: Prisma.TransactionClient, clientIds: number[]) {
  const r = seededRandom(SEED + 1);
  const choose = <T>(items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
  const staff = await tx.user.findMany({
    where: { email: { in: STAFF.map((s) => s.email) } },
    select: { id: true, role: true },
  });
  const sellers = staff.filter((s) => s.role !== "admin").map((s) => s.id);
  if (sellers.length === 0) return;
  const now = Date.now();
  const today = businessToday();
  const clients = await tx.client.findMany({
    where: { id: { in: clientIds } },
    select: { id: true, contactOk: true },
  });
  let contacts = 0;
  let followUps = 0;
  for (const client of clients) {
    const ownerId = r() < 0.8 ? choose(sellers) : null;
    const answer = client.contactOk?.toLowerCase();
    const base = answer === "yes" ? "granted" : answer === "no" ? "withdrawn" : "unknown";
    // A few clients who are happy to be called but asked for no WhatsApp messages.
    const whatsapp = base === "granted" && r() < 0.04 ? "withdrawn" : base;
    const consentRows = (["whatsapp", "call", "email", "sms"] as const)
      .map((channel) => ({ channel, status: channel === "whatsapp" ? whatsapp : base }))
      .filter((c) => c.status !== "unknown")
      .map((c) => ({ clientId: client.id, ...c, source: choose(["in_store", "phone", "form"] as const) }));
    if (consentRows.length) await tx.clientConsent.createMany({ data: consentRows });
    const interactions = Array.from({ length: r() < 0.5 ? 0 : 1 + Math.floor(r() * 4) }, () => ({
      clientId: client.id,
      type: choose(["whatsapp", "call", "visit", "email", "note"] as const),
      note: r() < 0.6 ? choose(["Asked about the new collection", "Birthday wishes", "Sizing question"]) : null,
      outcome: r() < 0.4 ? choose(["Will visit this week", "Not now", "Wants a catalogue"]) : null,
      at: new Date(now - Math.floor(r() * 45 * 86_400_000)),
      userId: choose(sellers),
    }));
    if (interactions.length) await tx.clientInteraction.createMany({ data: interactions });
    const last = interactions.reduce<(typeof interactions)[number] | null>((a, b) => (!a || b.at > a.at ? b : a), null);
    await tx.client.update({
      where: { id: client.id },
      data: {
        ownerId,
        consentWhatsapp: whatsapp,
        consentCall: base,
        consentEmail: base,
        consentSms: base,
        lastContactAt: last?.at ?? null,
        lastContactType: last?.type ?? null,
        lastContactById: last?.userId ?? null,
      },
    });
    if (r() < 0.06) {
      const owner = ownerId ?? choose(sellers);
      const open = r() < 0.8;
      await tx.followUp.create({
        data: {
          clientId: client.id,
          dueDate: dateFromIso(addDays(today, Math.floor(r() * 21) - 7)),
          note: choose(["Call about the Eid collection", "Check the ring resizing", "Invite to the trunk show"]),
          ownerId: owner,
          createdById: owner,
          status: open ? "open" : "done",
          outcome: open ? null : "Booked a visit",
          doneAt: open ? null : new Date(now),
        },
      });
      followUps += 1;
    }
    contacts += interactions.length;
  }
  console.log(`Seeded owners, consent, ${contacts} contacts and ${followUps} follow-ups over the demo staff.`);
}

async function main() {
  // Works as the first command on a fresh clone: creates and migrates the database as `npm start` does.
  migrateDatabase();
  const existing = await db.client.count();
  if (existing > 0) {
    console.log(
      `The client book already holds ${existing} client(s): the demo seed only fills an empty database, so nothing was changed.`,
    );
    return;
  }

  const staffSecrets = STAFF.map((s) => ({ ...s, secret: seededSecret() }));
  const usedMobiles = new Set<string>();
  const teams = activeChoices((await readShopLists()).teams).map((team) => team.key);
  const clients = Array.from({ length: CLIENT_COUNT }, (_, i) => makeClient(i, usedMobiles, teams));

  await db.$transaction(
    async (tx) => {
      const createdStaff: string[] = [];
      // The showrooms the migration seeded (issue #42): the front staff's home showrooms, the sales spread over them.
      const showrooms = await tx.showroom.findMany({
        where: { active: true },
        orderBy: { position: "asc" },
        select: { id: true, key: true },
      });
      const showroomId = (key: string | undefined) => showrooms.find((r) => r.key === key)?.id ?? null;
      for (const s of staffSecrets) {
        if (await tx.user.findUnique({ where: { email: s.email }, select: { id: true } })) continue;
        const home = "showroom" in s ? s.showroom : undefined;
        const user = await tx.user.create({
          data: { name: s.name, email: s.email, role: s.role, department: s.department, showroomId: showroomId(home) },
        });
        // The sealed secret is bound to its owner's id, so the device is added once the user has one.
        await tx.authenticatorDevice.create({
          data: {
            userId: user.id,
            label: "Demo authenticator",
            secretEncrypted: sealDeviceSecret(user.id, s.secret),
            verifiedAt: new Date(),
          },
        });
        createdStaff.push(s.email);
      }
      const byMobile = new Map<string, number>();
      for (let i = 0; i < clients.length; i += 500) {
        const rows = await tx.client.createManyAndReturn({
          data: clients.slice(i, i + 500).map((c) => c.client),
          select: { id: true, mobileNumber: true },
        });
        for (const r of rows) byMobile.set(r.mobileNumber, r.id);
      }
      const sales = clients
        .flatMap((c) => c.sales.map((s) => ({ ...s, clientId: byMobile.get(c.client.mobileNumber)! })))
        .map((s, i) => ({ ...s, showroom: showrooms.length ? showrooms[i % showrooms.length]!.key : null }));
      for (let i = 0; i < sales.length; i += 2000) await tx.sale.createMany({ data: sales.slice(i, i + 2000) });
      const family = clients.flatMap((c) =>
        c.family.map((m) => ({ clientId: byMobile.get(c.client.mobileNumber)!, ...familyMemberData(m) })),
      );
      await tx.clientFamilyMember.createMany({ data: family });
      console.log(`Seeded ${clients.length} clients with ${sales.length} sales and ${family.length} family members.`);
      await seedClienteling(tx, [...byMobile.values()]);
      if (createdStaff.length < staffSecrets.length)
        console.log(`Kept ${staffSecrets.length - createdStaff.length} demo staff account(s) that already existed.`);
    },
    { timeout: 120_000 },
  );

  const staffLines = [
    "Demo staff (sign in with the email and a code from an authenticator app set up with the secret):",
    ...staffSecrets.flatMap((s) => [
      `  ${s.role.padEnd(12)} ${s.email.padEnd(26)} secret ${s.secret}`,
      `  ${"".padEnd(12)} ${totpUri(s.secret, s.email)}`,
    ]),
  ];
  // Secrets go to a terminal only; piped into a log they would stay there, so they go to a private file.
  if (process.stdout.isTTY) console.log(`\n${staffLines.join("\n")}`);
  else {
    const file = resolve(".secrets/demo-staff.txt");
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${staffLines.join("\n")}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    console.log(`\nDemo staff secrets written to ${file} (readable by you only): the output is not a terminal.`);
  }
  const tiers = await db.client.groupBy({ by: ["tier"], _count: { _all: true } });
  console.log(`\nTiers: ${tiers.map((t) => `${t.tier} ${t._count._all}`).join(", ")}`);
  const teamCounts = await db.client.groupBy({ by: ["team"], _count: { _all: true } });
  console.log(
    `Emirates covered: ${EMIRATES.length}; teams covered: ${teamCounts.filter((t) => t.team !== null).length}.`,
  );
}

try {
  await main();
} finally {
  await db.$disconnect();
}
