import { db } from "~/db.server";
import { dateFromIso, monthDayOf, type IsoDate } from "~/domain/calendar";
import type { NewClientInput } from "~/domain/client-input";
import { customerSearchText } from "~/domain/customer-search";
import type { Fils } from "~/domain/money";
import { tierForTotal, type Tier } from "~/domain/tiers";
import type { Prisma } from "~/generated/prisma/client";

/** Who made a change, for createdById/deletedById and the audit log. */
export type Actor = { id: string; name: string };

export type CustomerSource = "manual" | "client_import" | "zoho_import";

/**
 * The columns derived from others, recomputed on every write so lists, search and reminders can
 * use indexes: searchText, tier (from total sales), and the month-day keys of the yearly occasions.
 */
export function customerDerivedFields(c: {
  fullName: string;
  mobileNumber: string;
  email: string | null;
  emiratesId: string | null;
  totalSalesFils: Fils;
  dateOfBirth: Date | null;
  anniversaryDate: Date | null;
}): { searchText: string; tier: Tier; birthMonthDay: number | null; anniversaryMonthDay: number | null } {
  return {
    searchText: customerSearchText(c),
    tier: tierForTotal(c.totalSalesFils),
    birthMonthDay: c.dateOfBirth ? monthDayOf(c.dateOfBirth) : null,
    anniversaryMonthDay: c.anniversaryDate ? monthDayOf(c.anniversaryDate) : null,
  };
}

const dateOrNull = (iso: IsoDate | null): Date | null => (iso ? dateFromIso(iso) : null);

/**
 * The row of a new client, derived columns included. A starting total becomes one Sale dated the
 * last purchase, so a client's total is always the sum of their sales.
 */
export function newCustomerData(
  input: NewClientInput,
  options: { createdById: string | null; source: CustomerSource; openingSaleDescription?: string | null },
): { customer: Prisma.CustomerUncheckedCreateInput; openingSale: { saleDate: Date; amountFils: Fils; description: string | null } | null } {
  const dateOfBirth = dateOrNull(input.dateOfBirth);
  const anniversaryDate = dateOrNull(input.anniversaryDate);
  const lastPurchaseDate = dateOrNull(input.lastPurchaseDate);
  const customer: Prisma.CustomerUncheckedCreateInput = {
    fullName: input.fullName,
    mobileNumber: input.mobileNumber,
    country: input.country,
    emirate: input.emirate,
    area: input.area,
    totalSalesFils: input.totalSalesFils,
    lastPurchaseDate,
    team: input.team,
    dateOfBirth,
    email: input.email,
    emiratesId: input.emiratesId,
    emiratesIdExpiry: dateOrNull(input.emiratesIdExpiry),
    emiratesIdPicture: input.emiratesIdPicture,
    emiratesIdPictures: input.emiratesIdPictures,
    pepStatus: input.pepStatus,
    anniversaryType: input.anniversaryType,
    anniversaryDate,
    preferredTime: input.preferredTime,
    preferredCollection: input.preferredCollection,
    meetingComments: input.meetingComments,
    contactOk: input.contactOk,
    category: input.category,
    isActive: input.isActive,
    source: options.source,
    createdById: options.createdById,
    ...customerDerivedFields({ ...input, dateOfBirth, anniversaryDate }),
  };
  const openingSale =
    input.totalSalesFils > 0n && lastPurchaseDate
      ? { saleDate: lastPurchaseDate, amountFils: input.totalSalesFils, description: options.openingSaleDescription ?? null }
      : null;
  return { customer, openingSale };
}

/** The client already holding a mobile number, deleted ones included (the number stays reserved). */
export async function findClientByMobile(mobileNumber: string) {
  return db.customer.findUnique({ where: { mobileNumber }, select: { id: true, fullName: true, deletedAt: true } });
}

/** §5: no two clients share a normalised mobile; the message names the client who has it. */
export function duplicateMobileMessage(existing: { fullName: string; deletedAt: Date | null }): string {
  return existing.deletedAt
    ? `This mobile number belongs to ${existing.fullName}, a deleted client. An admin can restore them.`
    : `This mobile number already belongs to ${existing.fullName}.`;
}
