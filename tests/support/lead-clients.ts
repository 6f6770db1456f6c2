import type { Db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, monthDayOf, type IsoDate } from "~/domain/calendar";
import { AED } from "~/domain/money";
import { tierForTotal } from "~/domain/tiers";

let seq = 0;

/**
 * A client row written straight to the database, as the customer service would store it (tier
 * from the total, searchText, month-day keys), with `purchases` sale rows that add up to the total.
 * Dates are given in days from today. Takes the database client so e2e tests can pass theirs.
 */
export async function insertLeadClient(
  db: Db,
  input: {
    name: string;
    totalAed: number;
    purchases?: number;
    lastPurchaseDaysAgo?: number | null;
    birthdayInDays?: number;
    idExpiresInDays?: number;
    country?: string;
    emirate?: string;
    team?: string | null;
    contactOk?: string | null;
    preferredCollection?: string;
    deleted?: boolean;
    today?: IsoDate;
  },
) {
  seq += 1;
  const today = input.today ?? businessToday();
  const mobileNumber = `97150${String(Date.now() % 100_000).padStart(5, "0")}${String(seq).padStart(2, "0")}`;
  const emiratesId = `784-1990-${String(1_000_000 + seq)}-1`;
  const total = AED(input.totalAed);
  const purchases = input.purchases ?? 1;
  const lastDay = input.lastPurchaseDaysAgo === null ? null : addDays(today, -(input.lastPurchaseDaysAgo ?? 30));
  const dateOfBirth =
    input.birthdayInDays === undefined ? null : dateFromIso(`1992${addDays(today, input.birthdayInDays).slice(4)}`);
  const client = await db.client.create({
    data: {
      fullName: input.name,
      searchText: `${input.name} ${mobileNumber} ${emiratesId}`.toLowerCase(),
      mobileNumber,
      country: input.country ?? "uae",
      emirate: input.emirate ?? (input.country && input.country !== "uae" ? "none" : "dubai"),
      team: input.team ?? null,
      tier: tierForTotal(total),
      totalSalesFils: total,
      lastPurchaseDate: lastDay ? dateFromIso(lastDay) : null,
      dateOfBirth,
      birthMonthDay: dateOfBirth ? monthDayOf(dateOfBirth) : null,
      emiratesId,
      emiratesIdExpiry: input.idExpiresInDays === undefined ? null : dateFromIso(addDays(today, input.idExpiresInDays)),
      contactOk: input.contactOk === undefined ? "Yes" : input.contactOk,
      preferredCollection: input.preferredCollection ?? null,
      deletedAt: input.deleted ? new Date() : null,
    },
  });
  if (lastDay && purchases > 0) {
    const each = total / BigInt(purchases);
    await db.sale.createMany({
      data: Array.from({ length: purchases }, (_, i) => ({
        clientId: client.id,
        saleDate: dateFromIso(addDays(lastDay, -i * 30)),
        amountFils: i === 0 ? total - each * BigInt(purchases - 1) : each,
      })),
    });
  }
  return client;
}
