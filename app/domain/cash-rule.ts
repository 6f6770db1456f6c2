import { z } from "zod";
import { addDays, isIsoDate, type IsoDate } from "./calendar";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";
import { AED, formatAmount, MAX_AMOUNT_FILS, parseAedToFils, type Fils } from "./money";

/**
 * How a sale (later a job payment) was paid, and the cash rule for dealers in precious metals
 * (docs/guide/cash-rule.md, docs/decisions/046-cash-rule.md): cash of AED 55,000 or more in one
 * transaction, or over the client's last 30 days, needs the buyer's identity and a goAML report.
 * Pure: the thresholds come from the shop's settings (app/services/cash-rule.server.ts), the
 * words from the catalogs.
 */

export const PAYMENT_METHODS = ["cash", "card", "bank_transfer", "old_gold"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Their English names, as import files and the skipped-rows export write them (the pages use the catalogs). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  card: "Card",
  bank_transfer: "Bank transfer",
  old_gold: "Old gold",
};
export const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);

/** One part of a payment, exact in fils. */
export type PaymentPart = { method: PaymentMethod; amountFils: Fils };
/** As the JSON carries it. */
export type PaymentJson = { method: PaymentMethod; amount: string };

/** The most parts one payment may have (a sale split over more is a typing mistake). */
export const MAX_PAYMENT_PARTS = 10;

/** The shop's settings for the cash rule (one row an admin edits; these are the defaults). */
export type CashRuleSettings = { singleThresholdFils: Fils; windowThresholdFils: Fils; windowDays: number };
export const DEFAULT_CASH_RULE: CashRuleSettings = {
  singleThresholdFils: AED(55_000),
  windowThresholdFils: AED(55_000),
  windowDays: 30,
};
export const MAX_WINDOW_DAYS = 366;

/** The kinds of cash transaction the window adds up and the reports list. */
export const CASH_KINDS = ["sale", "job_payment"] as const;
export type CashKind = (typeof CASH_KINDS)[number];
export const REPORT_STATUSES = ["report_due", "reported"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const ID_TYPES = ["emirates_id", "passport"] as const;
export type IdType = (typeof ID_TYPES)[number];

export const PASSPORT_NUMBER_MAX = 20;
export const NATIONALITY_MAX = 60;
export const REFERENCE_MAX = 60;

/** A method as sent or typed: its key in any case, with spaces or dashes for underscores. */
export function readPaymentMethod(value: unknown): PaymentMethod | null {
  if (typeof value !== "string") return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return isPaymentMethod(key) ? key : null;
}

const methodRefusal = () => message(MESSAGE_CODES.paymentMethodUnknown, { choices: PAYMENT_METHODS.join(", ") });

/**
 * The parts as POST /api/clients/:id/sales sends them ([{method, amount}]); an absent or empty list
 * is "not recorded". A single part may leave its amount out: it is the whole sale.
 */
export const paymentsSchema = () =>
  z
    .array(
      z.object({
        method: z.unknown().transform((v, ctx) => {
          const method = readPaymentMethod(v);
          if (method) return method;
          const refusal = methodRefusal();
          ctx.addIssue({ code: "custom", message: refusal.code, params: refusal.values });
          return z.NEVER;
        }),
        amount: z
          .union([z.string(), z.number()], { error: MESSAGE_CODES.paymentAmountInvalid })
          .nullish()
          .transform((v, ctx) => {
            if (v === null || v === undefined || String(v).trim() === "") return null;
            const fils = parseAedToFils(v);
            if (fils === null || fils <= 0n || fils > MAX_AMOUNT_FILS) {
              ctx.addIssue({ code: "custom", message: MESSAGE_CODES.paymentAmountInvalid });
              return z.NEVER;
            }
            return fils;
          }),
      }),
      { error: MESSAGE_CODES.paymentsList },
    )
    .max(MAX_PAYMENT_PARTS, MESSAGE_CODES.paymentsTooMany)
    .nullish()
    .transform((v) => v ?? []);
export type PaymentsInput = z.output<ReturnType<typeof paymentsSchema>>;

/**
 * The parts against the sale's amount: none is "not recorded"; one without an amount is the whole
 * sale; otherwise every part needs its amount and they must add up to the sale's amount exactly.
 */
export function settlePayments(
  parts: PaymentsInput,
  amountFils: Fils,
): { ok: true; payments: PaymentPart[] } | { ok: false; message: Message } {
  if (parts.length === 0) return { ok: true, payments: [] };
  const [only] = parts;
  if (parts.length === 1 && only && only.amount === null)
    return { ok: true, payments: [{ method: only.method, amountFils }] };
  if (parts.some((p) => p.amount === null)) return { ok: false, message: message(MESSAGE_CODES.paymentAmountMissing) };
  const total = parts.reduce((sum, p) => sum + (p.amount ?? 0n), 0n);
  if (total !== amountFils)
    return {
      ok: false,
      message: message(MESSAGE_CODES.paymentsSum, { paid: formatAmount(total), amount: formatAmount(amountFils) }),
    };
  return { ok: true, payments: parts.map((p) => ({ method: p.method, amountFils: p.amount ?? 0n })) };
}

/** The cash part of a payment. */
export function cashPart(payments: readonly PaymentPart[]): Fils {
  return payments.reduce((sum, p) => (p.method === "cash" ? sum + p.amountFils : sum), 0n);
}

/**
 * The first day of the window a transaction on `day` is counted in: the window is the `windowDays`
 * days ending on that day, both ends included (30 days: the day itself and the 29 before it; a cash
 * payment 30 days earlier has left it).
 */
export function cashWindowStart(day: IsoDate, windowDays: number): IsoDate {
  return addDays(day, -(windowDays - 1));
}

/** Why a transaction needs the buyer's identity, or null when it does not. */
export type CashRuleReason = "single" | "window";

/**
 * The rule: the cash of this transaction reaching the single threshold, or the client's cash in the
 * window (the earlier transactions not void, plus this one) reaching the window threshold.
 * "Reaching" is `>=`: AED 55,000.00 needs identity, AED 54,999.99 does not.
 */
export function cashRuleReason(
  cashFils: Fils,
  earlierInWindowFils: Fils,
  settings: CashRuleSettings,
): CashRuleReason | null {
  if (cashFils <= 0n) return null;
  if (cashFils >= settings.singleThresholdFils) return "single";
  if (cashFils + earlierInWindowFils >= settings.windowThresholdFils) return "window";
  return null;
}

/** The refusal that says what to collect, with the figures that triggered it. */
export function identityNeeded(
  reason: CashRuleReason,
  cashFils: Fils,
  windowTotalFils: Fils,
  settings: CashRuleSettings,
) {
  return reason === "single"
    ? message(MESSAGE_CODES.cashIdRequiredSingle, {
        cash: formatAmount(cashFils),
        threshold: formatAmount(settings.singleThresholdFils),
      })
    : message(MESSAGE_CODES.cashIdRequiredWindow, {
        total: formatAmount(windowTotalFils),
        days: settings.windowDays,
        threshold: formatAmount(settings.windowThresholdFils),
      });
}

/** A full Emirates ID: 15 digits starting 784 (dashes and spaces aside). */
export function isFullEmiratesId(value: string | null | undefined): boolean {
  if (!value) return false;
  const text = value.trim();
  const digits = text.replace(/\D/g, "");
  return /^[\d\s-]+$/.test(text) && digits.length === 15 && digits.startsWith("784");
}

/** The passport given with a sale (buyerId {type: "passport", number, nationality}). */
export type PassportInput = { number: string; nationality: string };

export const buyerIdSchema = () =>
  z
    .object(
      {
        type: z.literal("passport", { error: MESSAGE_CODES.buyerIdType }),
        number: z
          .string({ error: MESSAGE_CODES.passportNumberRequired })
          .trim()
          .min(1, MESSAGE_CODES.passportNumberRequired)
          .max(PASSPORT_NUMBER_MAX, MESSAGE_CODES.passportNumberInvalid)
          .regex(/^[\p{L}\p{N}-]+$/u, MESSAGE_CODES.passportNumberInvalid),
        nationality: z
          .string({ error: MESSAGE_CODES.nationalityRequired })
          .trim()
          .min(1, MESSAGE_CODES.nationalityRequired)
          .max(NATIONALITY_MAX, MESSAGE_CODES.nationalityRequired),
      },
      { error: MESSAGE_CODES.buyerIdType },
    )
    .nullish()
    .transform((v): PassportInput | null =>
      v ? { number: v.number.toUpperCase(), nationality: v.nationality } : null,
    );

/** The identity a flagged transaction records: the passport given with it, else the Emirates ID on file. */
export type BuyerIdentity = { idType: IdType; idNumber: string; idNationality: string | null };

export function buyerIdentity(passport: PassportInput | null, emiratesIdOnFile: string | null): BuyerIdentity | null {
  if (passport) return { idType: "passport", idNumber: passport.number, idNationality: passport.nationality };
  if (emiratesIdOnFile && isFullEmiratesId(emiratesIdOnFile))
    return { idType: "emirates_id", idNumber: emiratesIdOnFile.trim(), idNationality: null };
  return null;
}

/** The settings as the admin types them (whole or decimal AED, days). */
export const cashSettingsSchema = () =>
  z.object({
    singleThreshold: z.string().transform((v, ctx) => thresholdOf(v, ctx)),
    windowThreshold: z.string().transform((v, ctx) => thresholdOf(v, ctx)),
    windowDays: z.string().transform((v, ctx) => {
      const days = /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN;
      if (!(days >= 1 && days <= MAX_WINDOW_DAYS)) {
        ctx.addIssue({ code: "custom", message: MESSAGE_CODES.cashWindowDaysInvalid });
        return z.NEVER;
      }
      return days;
    }),
  });

function thresholdOf(value: string, ctx: z.RefinementCtx): Fils {
  const fils = parseAedToFils(value);
  if (fils === null || fils <= 0n || fils > MAX_AMOUNT_FILS) {
    ctx.addIssue({ code: "custom", message: MESSAGE_CODES.cashThresholdInvalid });
    return z.NEVER;
  }
  return fils;
}

/** The mark-as-reported form and POST /api/reports/cash/:id/reported: the goAML reference, and the day reported. */
export const reportedSchema = (today: IsoDate) =>
  z.object({
    reference: z
      .string({ error: MESSAGE_CODES.cashReferenceRequired })
      .trim()
      .min(1, MESSAGE_CODES.cashReferenceRequired)
      .max(REFERENCE_MAX, MESSAGE_CODES.cashReferenceRequired),
    reportedOn: z
      .string()
      .trim()
      .nullish()
      .transform((v, ctx) => {
        if (!v) return today;
        if (!isIsoDate(v) || v > today) {
          ctx.addIssue({ code: "custom", message: MESSAGE_CODES.cashReportedOnInvalid });
          return z.NEVER;
        }
        return v;
      }),
  });

export const CASH_REPORT_PAGE_SIZE = 50;

/** ?status=report_due|reported&page=N of the reports page and GET /api/reports/cash; anything else is refused. */
export function parseCashReportQuery(
  params: URLSearchParams,
): { ok: true; status: ReportStatus | null; page: number } | { ok: false } {
  const status = params.get("status") || null;
  const page = params.get("page") || "1";
  if (status !== null && !(REPORT_STATUSES as readonly string[]).includes(status)) return { ok: false };
  if (!/^\d{1,6}$/.test(page) || Number(page) < 1) return { ok: false };
  return { ok: true, status: status as ReportStatus | null, page: Number(page) };
}
