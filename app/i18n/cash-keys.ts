import type { CashKind, IdType, PaymentMethod, ReportStatus } from "~/domain/cash-rule";

/** The catalog keys of the cash rule's stored values (payment methods, identity types, report statuses). */
export const PAYMENT_METHOD_KEYS: Record<PaymentMethod, string> = {
  cash: "cash:methods.cash",
  card: "cash:methods.card",
  bank_transfer: "cash:methods.bank_transfer",
  old_gold: "cash:methods.old_gold",
};

export const ID_TYPE_KEYS: Record<IdType, string> = {
  emirates_id: "cash:idTypes.emirates_id",
  passport: "cash:idTypes.passport",
};

export const REPORT_STATUS_KEYS: Record<ReportStatus, string> = {
  report_due: "cash:statuses.report_due",
  reported: "cash:statuses.reported",
};

export const CASH_KIND_KEYS: Record<CashKind, string> = {
  sale: "cash:kinds.sale",
  job_payment: "cash:kinds.job_payment",
};
