import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { useHydrated } from "~/components/use-hydrated";
import { ValueInput, ValueSelect } from "~/components/ui/value-inputs";
import { businessToday } from "~/domain/calendar";
import { displayName } from "~/domain/client-display";
import { parseClientIds } from "~/domain/client-ids";
import { formatAed, parseAedToFils } from "~/domain/money";
import type { Locale } from "~/domain/languages";
import { PRODUCT_NAME } from "~/domain/product";
import { issueMessage } from "~/domain/issue-message";
import { nameIn } from "~/domain/messages";
import { saleRowsOfQuote } from "~/domain/quotes";
import { ACCESS } from "~/domain/roles";
import { activeChoices, type ShopChoice } from "~/domain/shop-lists";
import { PAYMENT_METHODS } from "~/domain/cash-rule";
import {
  blankItemRow,
  blankPaymentRows,
  PAID_BY_SPLIT,
  PAYMENT_FORM_ROWS,
  paymentFieldName,
  formItemsTotal,
  INVOICE_NO_MAX,
  itemFieldName,
  KARATS,
  MAX_SALE_ITEMS,
  METALS,
  mgToGrams,
  SALE_FORM_ROWS,
  saleFormInput,
  saleFormValues,
  saleInputSchema,
  saleIssuePlace,
  STONES,
  type ItemFormRow,
  type PaymentFormRow,
  type SaleFormValues,
} from "~/domain/sales";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { ITEM_FIELD_KEYS, KARAT_KEYS } from "~/i18n/client-actions";
import { METAL_KEYS, STONE_KEYS } from "~/i18n/label-keys";
import { PAYMENT_METHOD_KEYS } from "~/i18n/cash-keys";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { usePageLocale } from "~/i18n/i18n-provider";
import { zodMessages } from "~/i18n/zod-messages";
import { getClient } from "~/services/client-queries.server";
import { listOwnerChoices } from "~/services/client-owners.server";
import { getQuote } from "~/services/quotes.server";
import { findSale, recordSale } from "~/services/sales.server";
import { readShopLists } from "~/services/shop-lists.server";
import { getCashRuleSettings } from "~/services/cash-rule.server";
import { writeNumber } from "~/domain/numerals";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { say } from "~/i18n/messages";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { refusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = {
  i18n: ["cash", "clientActions", "clientForm", "clients", "dashboard", "quotes", "validation"],
};

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "clientActions:sale.title")} | ${PRODUCT_NAME}` },
];

async function requireClient(params: LoaderFunctionArgs["params"]) {
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  return client;
}

/** Back to the page that linked here (the client's details, same site only). */
function backPath(request: Request, clientId: number): string {
  return safeRedirectPath(new URL(request.url).searchParams.get("back"), `/customers/${clientId}`);
}

/** A voided sale's values, to enter it again corrected ("Void and re-enter"). */
async function valuesFrom(saleId: string | null, clientId: number, today: string): Promise<SaleFormValues | null> {
  const [id] = parseClientIds(saleId);
  const sale = id ? await findSale(id) : null;
  if (!sale || sale.clientId !== clientId) return null;
  const items: ItemFormRow[] = sale.items.map((i) => ({
    category: i.category,
    metal: i.metal,
    karat: i.karat,
    weightGrams: i.weightGrams ?? "",
    stone: i.stone,
    stoneCarats: i.stoneCarats ?? "",
    itemCode: i.itemCode ?? "",
    certificateNo: i.certificateNo ?? "",
    price: i.price,
  }));
  while (items.length < SALE_FORM_ROWS) items.push(blankItemRow());
  const [only, ...more] = sale.payments;
  const split = more.length > 0;
  const payments: PaymentFormRow[] = split ? sale.payments.map((p) => ({ method: p.method, amount: p.amount })) : [];
  while (payments.length < PAYMENT_FORM_ROWS) payments.push({ method: "", amount: "" });
  return {
    paidBy: split ? PAID_BY_SPLIT : (only?.method ?? ""),
    payments,
    // The passport is asked again: it is not copied out of a voided sale.
    passportNumber: "",
    nationality: "",
    saleDate: sale.saleDate <= today ? sale.saleDate : today,
    amount: sale.items.length > 0 ? "" : sale.amount,
    description: sale.description ?? "",
    invoiceNo: sale.invoiceNo ?? "",
    showroom: sale.showroom ?? "",
    soldById: sale.soldById ?? "",
    items,
  };
}

/**
 * A quote's pieces and total, to record the sale it became ("Turn into a sale" on /quotes/:id): its lines as
 * items priced with their VAT, the quote number as the sale's description. A quote given to another client is
 * not offered. Old gold taken in is how part of it is paid, not a price (docs/decisions/045-quotes.md).
 */
async function valuesFromQuote(
  quoteId: string | null,
  clientId: number,
  today: string,
  soldById: string,
  t: TFunction,
  locale: Locale,
): Promise<SaleFormValues | null> {
  const quote = quoteId && quoteId.length <= 100 ? await getQuote(quoteId) : null;
  if (!quote || (quote.clientId !== null && quote.clientId !== clientId)) return null;
  const items: ItemFormRow[] = saleRowsOfQuote(quote).map((row) => ({
    ...blankItemRow(),
    ...row,
  }));
  while (items.length < SALE_FORM_ROWS) items.push(blankItemRow());
  return {
    saleDate: today,
    amount: "",
    // The sale is the pieces (subtotal + VAT); old gold taken in pays part of it, so the note says what is left to pay.
    description:
      quote.exchange.length > 0
        ? t("quotes:saleNoteExchange", {
            number: quote.number,
            credit: formatAed(parseAedToFils(quote.exchangeCredit) ?? 0n, locale),
            total: formatAed(parseAedToFils(quote.total) ?? 0n, locale),
          })
        : t("quotes:saleNote", { number: quote.number }),
    invoiceNo: "",
    showroom: "",
    soldById,
    items,
    paidBy: "",
    payments: blankPaymentRows(),
    passportNumber: "",
    nationality: "",
  };
}

/** A list's active rows as a select's options, named in the page's language. */
const optionsOf = (rows: readonly ShopChoice[], language: string) =>
  activeChoices(rows).map((row) => [row.key, nameIn(language, row)] as const);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const client = await requireClient(params);
  const today = businessToday();
  const { language, locale, t } = await translatorFor(request, "quotes");
  const url = new URL(request.url);
  const from =
    (await valuesFrom(url.searchParams.get("from"), client.id, today)) ??
    (await valuesFromQuote(url.searchParams.get("quote"), client.id, today, user.id, t, locale));
  const values: SaleFormValues = from ?? {
    saleDate: today,
    amount: "",
    description: "",
    invoiceNo: "",
    showroom: "",
    soldById: user.id,
    paidBy: "",
    passportNumber: "",
    nationality: "",
    items: Array.from({ length: SALE_FORM_ROWS }, blankItemRow),
    payments: blankPaymentRows(),
  };
  const [lists, cashRule] = await Promise.all([readShopLists(), getCashRuleSettings()]);
  return {
    // The lower of the cash rule's thresholds, for the passport's label (the server applies the rule).
    cashThreshold: formatAed(
      cashRule.singleThresholdFils < cashRule.windowThresholdFils
        ? cashRule.singleThresholdFils
        : cashRule.windowThresholdFils,
      locale,
    ),
    client: { id: client.id, name: displayName(client, language) },
    today,
    back: backPath(request, client.id),
    associates: await listOwnerChoices(),
    showrooms: optionsOf(lists.showrooms, language),
    categories: optionsOf(lists.itemCategories, language),
    values,
  };
}

/**
 * Record a sale (any role): `intent=add-item` shows the form again with one more item row (so it
 * works without JavaScript); `intent=record` records it through the same service as
 * POST /api/clients/:id/sales and returns to the details.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const client = await requireClient(params);
  const { language, locale, t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const values = saleFormValues((name) => formText(form, name));
  if (formText(form, "intent") === "add-item") {
    if (values.items.length < MAX_SALE_ITEMS) values.items.push(blankItemRow());
    return data({ values, errors: [] as string[] });
  }
  const { input, rowOf } = saleFormInput(values);
  const parsed = saleInputSchema(businessToday(), await readShopLists()).safeParse(input, { error: zodMessages(t) });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const message = say(t, issueMessage(issue));
      const place = saleIssuePlace(issue.path, rowOf);
      if (!place) return message;
      return place.field
        ? t("clientActions:sale.itemFieldIssue", { row: place.row, field: t(ITEM_FIELD_KEYS[place.field]), message })
        : t("clientActions:sale.itemIssue", { row: place.row, message });
    });
    return data({ values, errors }, { status: 400 });
  }
  const result = await recordSale(client.id, parsed.data, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return data({ values, errors: [say(t, result.message)] }, { status: result.status });
  return redirectWithToast(backPath(request, client.id), {
    type: "success",
    title: t("clientActions:sale.recorded"),
    description: t("clientActions:sale.recordedDescription", {
      amount: formatAed(parsed.data.amountFils, locale),
      name: displayName(client, language),
    }),
  });
}

export default function RecordSale() {
  const {
    client,
    today,
    back,
    associates,
    showrooms,
    categories,
    values: initial,
    cashThreshold,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = actionData?.values ?? initial;
  const errors = actionData?.errors ?? [];
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const busy = useNavigation().state === "submitting";
  const [rows, setRows] = useState<ItemFormRow[] | null>(null);
  // The running total reads what is typed; the server adds the same prices exactly when it saves.
  const totals = formItemsTotal(rows ?? values.items);
  const readRows = (form: HTMLFormElement) => {
    const fd = new FormData(form);
    const read = (name: string) => {
      const v = fd.get(name);
      return typeof v === "string" ? v : "";
    };
    setRows(saleFormValues(read).items);
  };

  return (
    <div className="card mx-auto max-w-4xl">
      <h1 className="text-xl font-semibold">{t("clientActions:sale.title")}</h1>
      <p className="text-sm text-gray-600">
        <Trans i18nKey="clientActions:sale.forClient" values={{ name: client.name }} components={{ bdi: <bdi /> }} />
      </p>
      <Form
        method="post"
        className="mt-4 space-y-4"
        onInput={(e) => readRows(e.currentTarget)}
        onChange={(e) => readRows(e.currentTarget)}
      >
        <input type="hidden" name="rows" value={values.items.length} />
        <div role="alert" className="field-error" data-testid="sale-errors">
          {errors.length > 0 ? (
            <ul className="list-disc ps-5">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <ValueInput
            idPrefix="sale"
            name="saleDate"
            label={t("clientActions:sale.saleDate")}
            type="date"
            max={today}
            required
            value={values.saleDate}
          />
          <ValueSelect
            idPrefix="sale"
            name="showroom"
            label={t("clientActions:sale.showroom")}
            value={values.showroom}
            // Left blank, the sale is the seller's home showroom's (app/services/sales.server.ts recordSale).
            options={[["", t("clientActions:sale.homeShowroom")], ...showrooms]}
          />
          <ValueInput
            idPrefix="sale"
            name="invoiceNo"
            label={t("clientActions:sale.invoiceNo")}
            maxLength={INVOICE_NO_MAX}
            value={values.invoiceNo}
          />
          <ValueSelect
            idPrefix="sale"
            name="soldById"
            label={t("clientActions:sale.soldBy")}
            value={values.soldById}
            options={associates.map((a) => [a.id, a.name] as const)}
          />
          <ValueInput
            idPrefix="sale"
            name="amount"
            label={t("clientActions:sale.amount")}
            inputMode="decimal"
            value={values.amount}
          />
          <ValueInput
            idPrefix="sale"
            name="description"
            label={t("clientActions:sale.description")}
            maxLength={500}
            value={values.description}
          />
        </div>

        <PaymentFields values={values} cashThreshold={cashThreshold} />

        <h2 className="font-semibold">{t("clientActions:sale.items")}</h2>
        {values.items.map((item, row) => (
          <fieldset key={row} className="rounded-md border border-gray-200 p-3" data-testid="sale-item">
            <legend className="px-1 text-sm font-medium">{t("clientActions:sale.item", { n: row + 1 })}</legend>
            <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
              <ValueSelect
                idPrefix="sale"
                name={itemFieldName(row, "category")}
                label={t("clientActions:sale.category")}
                value={item.category}
                options={[["", "—"], ...categories]}
              />
              <ValueSelect
                idPrefix="sale"
                name={itemFieldName(row, "metal")}
                label={t("clientActions:sale.metal")}
                value={item.metal}
                options={METALS.map((m) => [m, t(METAL_KEYS[m])] as const)}
              />
              <ValueSelect
                idPrefix="sale"
                name={itemFieldName(row, "karat")}
                label={t("clientActions:sale.karat")}
                value={item.karat}
                options={KARATS.map((k) => [k, t(KARAT_KEYS[k])] as const)}
              />
              <ValueInput
                idPrefix="sale"
                name={itemFieldName(row, "weightGrams")}
                label={t("clientActions:sale.weight")}
                inputMode="decimal"
                value={item.weightGrams}
              />
              <ValueSelect
                idPrefix="sale"
                name={itemFieldName(row, "stone")}
                label={t("clientActions:sale.stone")}
                value={item.stone}
                options={STONES.map((s) => [s, t(STONE_KEYS[s])] as const)}
              />
              <ValueInput
                idPrefix="sale"
                name={itemFieldName(row, "stoneCarats")}
                label={t("clientActions:sale.carats")}
                inputMode="decimal"
                value={item.stoneCarats}
              />
              <ValueInput
                idPrefix="sale"
                name={itemFieldName(row, "itemCode")}
                label={t("clientActions:sale.itemCode")}
                maxLength={60}
                value={item.itemCode}
              />
              <ValueInput
                idPrefix="sale"
                name={itemFieldName(row, "certificateNo")}
                label={t("clientActions:sale.certificateNo")}
                maxLength={60}
                value={item.certificateNo}
              />
              <ValueInput
                idPrefix="sale"
                name={itemFieldName(row, "price")}
                label={t("clientActions:sale.price")}
                inputMode="decimal"
                value={item.price}
              />
            </div>
          </fieldset>
        ))}

        <p className="text-sm" aria-live="polite" data-testid="sale-running-total">
          {hydrated ? (
            <>
              <Trans
                i18nKey="clientActions:sale.runningTotal"
                count={totals.count}
                values={{ amount: formatAed(totals.totalFils, locale) }}
              />
              {totals.weightMg > 0
                ? t("clientActions:sale.runningWeight", {
                    grams: writeNumber(mgToGrams(totals.weightMg), locale.numerals),
                  })
                : ""}
            </>
          ) : (
            t("clientActions:sale.sumHint")
          )}
        </p>

        <div className="flex flex-wrap justify-end gap-2">
          <Link to={back} className="btn-secondary">
            {t("clientActions:cancel")}
          </Link>
          <button
            type="submit"
            name="intent"
            value="add-item"
            className="btn-secondary"
            disabled={values.items.length >= MAX_SALE_ITEMS}
            formNoValidate
          >
            {t("clientActions:sale.addItem")}
          </button>
          <button type="submit" name="intent" value="record" className="btn-primary" disabled={busy}>
            {t("clientActions:sale.record")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/**
 * How the sale was paid, without JavaScript: one "Paid by" choice, and for several parts their rows; then the
 * buyer's passport, which the cash rule asks for (the server says when, keeping everything typed).
 */
function PaymentFields({ values, cashThreshold }: { values: SaleFormValues; cashThreshold: string }) {
  const { t } = useTranslation();
  const methods = PAYMENT_METHODS.map((m) => [m, t(PAYMENT_METHOD_KEYS[m])] as const);
  return (
    <>
      <fieldset className="rounded-md border border-gray-200 p-3" data-testid="sale-payment">
        <legend className="px-1 text-sm font-medium">{t("cash:saleForm.payment")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <ValueSelect
            idPrefix="sale"
            name="paidBy"
            label={t("cash:saleForm.paidBy")}
            value={values.paidBy}
            options={[["", t("cash:methods.notRecorded")], ...methods, [PAID_BY_SPLIT, t("cash:methods.split")]]}
          />
        </div>
        <p className="mt-1 text-xs text-gray-600">{t("cash:saleForm.paidByHint")}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2" role="group" aria-label={t("cash:saleForm.parts")}>
          {values.payments.map((part, row) => (
            <div key={row} className="contents">
              <ValueSelect
                idPrefix="sale"
                name={paymentFieldName(row, "method")}
                label={t("cash:saleForm.partMethod", { n: row + 1 })}
                value={part.method}
                options={[["", "—"], ...methods]}
              />
              <ValueInput
                idPrefix="sale"
                name={paymentFieldName(row, "amount")}
                label={t("cash:saleForm.partAmount", { n: row + 1 })}
                inputMode="decimal"
                value={part.amount}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="rounded-md border border-gray-200 p-3" data-testid="sale-buyer-id">
        <legend className="px-1 text-sm font-medium">{t("cash:saleForm.buyerId", { amount: cashThreshold })}</legend>
        <p className="text-xs text-gray-600">{t("cash:saleForm.buyerIdHint")}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <ValueInput
            idPrefix="sale"
            name="passportNumber"
            label={t("cash:saleForm.passportNumber")}
            maxLength={20}
            autoComplete="off"
            dir="ltr"
            value={values.passportNumber}
          />
          <ValueInput
            idPrefix="sale"
            name="nationality"
            label={t("cash:saleForm.nationality")}
            maxLength={60}
            value={values.nationality}
          />
        </div>
      </fieldset>
    </>
  );
}
