import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { ValueInput, ValueSelect } from "~/components/ui/value-inputs";
import { useHydrated } from "~/components/use-hydrated";
import { QuoteTotals } from "~/components/quote-totals";
import { displayName } from "~/domain/client-display";
import { parseClientIds } from "~/domain/client-ids";
import { RATE_KEYS, type RatesInFils } from "~/domain/gold-rates";
import { issueMessage } from "~/domain/issue-message";
import { nameIn } from "~/domain/messages";
import { formatAed } from "~/domain/money";
import type { Language } from "~/domain/languages";
import { PRODUCT_NAME } from "~/domain/product";
import {
  blankExchangeRow,
  blankLineRow,
  exchangeFieldName,
  formTotals,
  lineFieldName,
  MAKING_TYPES,
  MAX_EXCHANGE_LINES,
  MAX_QUOTE_LINES,
  quoteFormInput,
  quoteFormValues,
  quoteInputSchema,
  quoteIssuePlace,
  type QuoteFormValues,
} from "~/domain/quotes";
import { ACCESS } from "~/domain/roles";
import { activeChoices } from "~/domain/shop-lists";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { usePageLocale } from "~/i18n/i18n-provider";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import { KARAT_NAME_KEYS, MAKING_TYPE_KEYS } from "~/i18n/quote-labels";
import { getClient } from "~/services/client-queries.server";
import { createQuote, quotePricing } from "~/services/quotes.server";
import { readShopLists } from "~/services/shop-lists.server";

export const handle: CatalogsHandle = { i18n: ["quotes", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "quotes:new.title")} | ${PRODUCT_NAME}` },
];

/** The client the quote is for (?clientId= from their details), named in the page's language; null for none. */
async function clientFor(idText: string | null, language: Language) {
  const [id] = parseClientIds(idText);
  const client = id ? await getClient(id) : null;
  return client && !client.erasedAt ? { id: client.id, name: displayName(client, language) } : null;
}

/** The rates sent to the page as decimal-free text (bigints do not cross to the browser). */
const ratesText = (rates: RatesInFils | null) =>
  rates ? Object.fromEntries(Object.entries(rates).map(([key, fils]) => [key, String(fils)])) : null;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const { language } = await translatorFor(request, "quotes");
  const client = await clientFor(new URL(request.url).searchParams.get("clientId"), language);
  const [pricing, lists] = await Promise.all([quotePricing(), readShopLists()]);
  const values: QuoteFormValues = { clientId: client ? String(client.id) : "", lines: [blankLineRow()], exchange: [] };
  return {
    client,
    rates: ratesText(pricing.rates),
    investment: pricing.investment,
    categories: activeChoices(lists.itemCategories).map((row) => [row.key, nameIn(language, row)] as const),
    values,
  };
}

/**
 * `intent=add-line` / `add-exchange` shows the form again with one more row (so it works without JavaScript);
 * `intent=save` prices and saves it through the same service as POST /api/quotes and opens the saved quote.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "quotes");
  const form = await request.formData();
  const values = quoteFormValues((name) => formText(form, name));
  const intent = formText(form, "intent");
  if (intent === "add-line" || intent === "add-exchange") {
    if (intent === "add-line" && values.lines.length < MAX_QUOTE_LINES) values.lines.push(blankLineRow());
    if (intent === "add-exchange" && values.exchange.length < MAX_EXCHANGE_LINES)
      values.exchange.push(blankExchangeRow());
    return data({ values, errors: [] as string[] });
  }
  const { input, lineRows, exchangeRows } = quoteFormInput(values);
  const lists = await readShopLists();
  const parsed = quoteInputSchema(lists.itemCategories).safeParse(input, { error: zodMessages(t) });
  const place = (path: readonly PropertyKey[], text: string) => {
    const at = quoteIssuePlace(path, { lineRows, exchangeRows });
    if (!at) return text;
    return t(at.kind === "lines" ? "quotes:new.lineIssue" : "quotes:new.exchangeIssue", { row: at.row, message: text });
  };
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => place(issue.path, say(t, issueMessage(issue))));
    return data({ values, errors }, { status: 400 });
  }
  const result = await createQuote(user, parsed.data, requestAddress(request));
  if (!result.ok) {
    return data(
      {
        values,
        errors: [
          place(
            result.path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            say(t, result.error),
          ),
        ],
      },
      { status: result.status },
    );
  }
  return redirectWithToast(`/quotes/${result.quote.id}`, {
    type: "success",
    title: t("quotes:new.saved", { number: result.quote.number }),
  });
}

export default function NewQuote() {
  const { client, rates: ratesSent, investment, categories, values: initial } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = actionData?.values ?? initial;
  const errors = actionData?.errors ?? [];
  const { t } = useTranslation();
  const locale = usePageLocale();
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [typed, setTyped] = useState<QuoteFormValues | null>(null);
  const rates = ratesSent
    ? (Object.fromEntries(Object.entries(ratesSent).map(([key, text]) => [key, BigInt(text)])) as RatesInFils)
    : null;
  const karats = RATE_KEYS.filter((key) => rates?.[key] !== undefined);
  // The running totals price what is typed with the same rules the save applies (app/domain/quotes.ts).
  const totals = rates ? formTotals(typed ?? values, rates, new Set(investment)) : null;
  const readForm = (form: HTMLFormElement) => {
    const fd = new FormData(form);
    setTyped(
      quoteFormValues((name) => {
        const value = fd.get(name);
        return typeof value === "string" ? value : "";
      }),
    );
  };
  const karatOptions = karats.map((key) => [key, t(KARAT_NAME_KEYS[key])] as const);

  return (
    <div className="card mx-auto max-w-4xl">
      <h1 className="text-xl font-semibold">{t("quotes:new.title")}</h1>
      <p className="text-sm text-gray-600" data-testid="quote-client">
        {client ? (
          <Trans i18nKey="quotes:new.forClient" values={{ name: client.name }} components={{ bdi: <bdi /> }} />
        ) : (
          t("quotes:new.noClient")
        )}
      </p>
      {rates ? (
        <p className="mt-1 text-sm text-gray-700" data-testid="quote-rates">
          {t("quotes:new.rates", {
            rates: karats.map((key) => `${t(KARAT_NAME_KEYS[key])} ${formatAed(rates[key]!, locale)}`).join(" · "),
          })}
        </p>
      ) : (
        <p role="alert" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("quotes:errors.noRates")}
        </p>
      )}
      <Form
        method="post"
        className="mt-4 space-y-4"
        onInput={(e) => readForm(e.currentTarget)}
        onChange={(e) => readForm(e.currentTarget)}
      >
        <input type="hidden" name="clientId" value={values.clientId} />
        <input type="hidden" name="lineRows" value={values.lines.length} />
        <input type="hidden" name="exchangeRows" value={values.exchange.length} />
        <div role="alert" className="field-error" data-testid="quote-errors">
          {errors.length > 0 ? (
            <ul className="list-disc ps-5">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>

        <h2 className="font-semibold">{t("quotes:new.lines")}</h2>
        {values.lines.map((line, row) => (
          <fieldset key={row} className="rounded-md border border-gray-200 p-3" data-testid="quote-line">
            <legend className="px-1 text-sm font-medium">{t("quotes:new.line", { n: row + 1 })}</legend>
            <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-4">
              <ValueInput
                idPrefix="quote"
                dir="auto"
                name={lineFieldName(row, "description")}
                label={t("quotes:fields.description")}
                maxLength={200}
                value={line.description}
              />
              <ValueSelect
                idPrefix="quote"
                name={lineFieldName(row, "category")}
                label={t("quotes:fields.category")}
                value={line.category}
                options={[["", "—"], ...categories]}
              />
              <ValueInput
                idPrefix="quote"
                dir="auto"
                name={lineFieldName(row, "weightGrams")}
                label={t("quotes:fields.weight")}
                inputMode="decimal"
                value={line.weightGrams}
              />
              <ValueSelect
                idPrefix="quote"
                name={lineFieldName(row, "karat")}
                label={t("quotes:fields.karat")}
                value={line.karat}
                options={karatOptions}
              />
              <ValueInput
                idPrefix="quote"
                dir="auto"
                name={lineFieldName(row, "makingCharge")}
                label={t("quotes:fields.makingCharge")}
                inputMode="decimal"
                value={line.makingCharge}
              />
              <ValueSelect
                idPrefix="quote"
                name={lineFieldName(row, "makingChargeType")}
                label={t("quotes:fields.makingChargeType")}
                value={line.makingChargeType}
                options={MAKING_TYPES.map((type) => [type, t(MAKING_TYPE_KEYS[type])] as const)}
              />
              <ValueInput
                idPrefix="quote"
                dir="auto"
                name={lineFieldName(row, "stoneValue")}
                label={t("quotes:fields.stoneValue")}
                inputMode="decimal"
                value={line.stoneValue}
              />
            </div>
          </fieldset>
        ))}

        <h2 className="font-semibold">{t("quotes:new.exchange")}</h2>
        {values.exchange.length === 0 ? <p className="text-sm text-gray-600">{t("quotes:new.noExchange")}</p> : null}
        {values.exchange.map((line, row) => (
          <fieldset key={row} className="rounded-md border border-gray-200 p-3" data-testid="quote-exchange">
            <legend className="px-1 text-sm font-medium">{t("quotes:new.exchangeLine", { n: row + 1 })}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              <ValueInput
                idPrefix="quote"
                dir="auto"
                name={exchangeFieldName(row, "weightGrams")}
                label={t("quotes:fields.weight")}
                inputMode="decimal"
                value={line.weightGrams}
              />
              <ValueSelect
                idPrefix="quote"
                name={exchangeFieldName(row, "karat")}
                label={t("quotes:fields.karat")}
                value={line.karat}
                options={karatOptions}
              />
              <ValueInput
                idPrefix="quote"
                dir="auto"
                name={exchangeFieldName(row, "deductionPercent")}
                label={t("quotes:fields.deduction")}
                inputMode="decimal"
                value={line.deductionPercent}
              />
            </div>
          </fieldset>
        ))}

        <div aria-live="polite" data-testid="quote-running-totals">
          {hydrated && totals ? (
            <QuoteTotals
              subtotal={totals.subtotalFils}
              vat={totals.vatFils}
              exchangeCredit={totals.exchangeCreditFils}
              total={totals.totalFils}
            />
          ) : (
            <p className="text-sm text-gray-600">{t("quotes:new.totalsOnSave")}</p>
          )}
        </div>

        <div className="flex flex-wrap justify-end gap-2">
          <Link to={client ? `/customers/${client.id}` : "/customers"} className="btn-secondary">
            {t("quotes:new.cancel")}
          </Link>
          <button
            type="submit"
            name="intent"
            value="add-line"
            className="btn-secondary"
            disabled={values.lines.length >= MAX_QUOTE_LINES}
            formNoValidate
          >
            {t("quotes:new.addLine")}
          </button>
          <button
            type="submit"
            name="intent"
            value="add-exchange"
            className="btn-secondary"
            disabled={values.exchange.length >= MAX_EXCHANGE_LINES}
            formNoValidate
          >
            {t("quotes:new.addExchange")}
          </button>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy || !rates}>
            {t("quotes:new.save")}
          </button>
        </div>
      </Form>
    </div>
  );
}
