import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import type { TFunction } from "i18next";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { buyerIdOfForm, PaymentMethodFields } from "~/components/jobs/payment-method-fields";
import { Field } from "~/components/ui/field";
import { addDays, businessToday } from "~/domain/calendar";
import { parseClientIds } from "~/domain/client-ids";
import { JOB_DESCRIPTION_MAX, JOB_TYPE_KEYS, JOB_TYPES, jobInputSchema, MAX_JOB_ITEMS } from "~/domain/jobs";
import { filsToDecimalString, parseAedToFils } from "~/domain/money";
import { saleRowsOfQuote } from "~/domain/quotes";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { KARATS, METALS, STONES } from "~/domain/sales";
import { activeChoices, nameOfKey } from "~/domain/shop-lists";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { METAL_KEYS, STONE_KEYS } from "~/i18n/label-keys";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { parseTyped } from "~/i18n/parse-typed";
import { createJob, jobClient } from "~/services/jobs.server";
import { getQuote } from "~/services/quotes.server";
import { readShopLists } from "~/services/shop-lists.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { refusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["jobs", "clients", "clientForm", "dashboard", "cash", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "jobs:new.title")} | ${PRODUCT_NAME}` },
];

/** Piece rows the plain form offers (enough for a bag at the counter; a quote's lines may add more, up to the API's 20). */
const ITEM_ROWS = 3;
type ItemValues = Record<"category" | "metal" | "karat" | "weightGrams" | "stone" | "stoneCarats" | "notes", string>;
/**
 * What the form shows, named as the JSON is (`items[0].category`, `deposit.amount`) so the schema's errors land on
 * their fields: blank, filled from a quote, or as posted when it comes back with errors (nothing typed is lost).
 */
type JobFormValues = {
  type: string;
  description: string;
  promisedDate: string;
  price: string;
  showroom: string;
  items: ItemValues[];
  deposit: { amount: string; method: string };
  buyerId: { number: string; nationality: string };
};

const blankItem = (): ItemValues => ({
  category: "",
  metal: "none",
  karat: "none",
  weightGrams: "",
  stone: "none",
  stoneCarats: "",
  notes: "",
});
const withBlankRows = (items: ItemValues[]): ItemValues[] => {
  const rows = items.slice(0, MAX_JOB_ITEMS);
  while (rows.length < ITEM_ROWS) rows.push(blankItem());
  return rows;
};

const blankValues = (promisedDate: string): JobFormValues => ({
  type: "repair",
  description: "",
  promisedDate,
  price: "",
  showroom: "",
  items: withBlankRows([]),
  deposit: { amount: "", method: "cash" },
  buyerId: { number: "", nationality: "" },
});

async function clientOf(request: Request) {
  const [id] = parseClientIds(new URL(request.url).searchParams.get("clientId") ?? "");
  const client = id ? await jobClient(id) : null;
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  return client;
}

/**
 * A quote turned into a custom order ("Turn into a custom order" on /quotes/:id): its lines as the pieces, the
 * pieces with their VAT as the price, and the old gold taken in as a deposit paid in old gold, as a sale from
 * the quote counts it (docs/decisions/045-quotes.md). A quote given to another client is not offered.
 */
async function valuesFromQuote(
  quoteId: string | null,
  clientId: number,
  promisedDate: string,
  t: TFunction,
): Promise<JobFormValues | null> {
  const quote = quoteId && quoteId.length <= 100 ? await getQuote(quoteId) : null;
  if (!quote || (quote.clientId !== null && quote.clientId !== clientId)) return null;
  const pieces = (parseAedToFils(quote.subtotal) ?? 0n) + (parseAedToFils(quote.vat) ?? 0n);
  const credit = parseAedToFils(quote.exchangeCredit) ?? 0n;
  return {
    ...blankValues(promisedDate),
    type: "custom_order",
    description: t("jobs:new.fromQuote", { number: quote.number }),
    price: filsToDecimalString(pieces),
    items: withBlankRows(
      saleRowsOfQuote(quote).map((row, i) => ({
        ...blankItem(),
        category: row.category,
        metal: row.metal,
        karat: row.karat,
        weightGrams: row.weightGrams,
        notes: quote.lines[i]?.description ?? "",
      })),
    ),
    deposit: credit > 0n ? { amount: filsToDecimalString(credit), method: "old_gold" } : { amount: "", method: "cash" },
  };
}

/** /jobs/new?clientId=[&quote=] (every role): a new job for a client, opened from the client's details or a quote. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const { language, t } = await translatorFor(request, "jobs");
  const [client, lists] = await Promise.all([clientOf(request), readShopLists()]);
  const today = businessToday();
  const promisedDefault = addDays(today, 7);
  const quoteId = new URL(request.url).searchParams.get("quote");
  return {
    client,
    today,
    values: (await valuesFromQuote(quoteId, client.id, promisedDefault, t)) ?? blankValues(promisedDefault),
    showrooms: activeChoices(lists.showrooms).map((s) => ({
      key: s.key,
      name: nameOfKey(lists.showrooms, s.key, language),
    })),
    categories: activeChoices(lists.itemCategories).map((c) => ({
      key: c.key,
      name: nameOfKey(lists.itemCategories, c.key, language),
    })),
  };
}

/**
 * The posted form as the JSON's shape, in front of the API's own schema: blank piece rows left out, a deposit only
 * when an amount is typed, a passport only when its number is. Left as text (no coercion), as the JSON sends it.
 */
function jobFormSchema(...[today, lists]: Parameters<typeof jobInputSchema>) {
  return z.preprocess(
    (posted) => {
      const { items = [], deposit, buyerId, ...job } = posted as Partial<JobFormValues>;
      return {
        ...job,
        items: items.filter((item) => item && (item.category || item.weightGrams || item.notes)),
        deposit: deposit?.amount ? deposit : null,
        buyerId: buyerIdOfForm(buyerId),
      };
    },
    jobInputSchema(today, lists),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "jobs");
  const client = await clientOf(request);
  // The form validates on the server only: the shop's lists and today are the server's.
  const submission = parseTyped(await request.formData(), jobFormSchema(businessToday(), await readShopLists()), t);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await createJob(client.id, submission.value, { actor: user, ip: requestAddress(request) });
  if (!result.ok)
    return data(
      { result: submission.reply({ fieldErrors: { [result.path]: [say(t, result.message)] } }) },
      { status: result.status },
    );
  return redirectWithToast(`/jobs/${result.job.id}`, {
    type: "success",
    title: t("jobs:new.created"),
    description: result.job.number,
  });
}

export default function NewJob() {
  const { client, today, showrooms, categories, values } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<JobFormValues>({
    id: "new-job",
    lastResult: useActionData<typeof action>()?.result,
    defaultValue: values,
  });
  const deposit = fields.deposit.getFieldset();
  const buyerId = fields.buyerId.getFieldset();
  const refusals = Object.values(form.allErrors).flat();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header>
        <Link to={`/customers/${client.id}`} className="text-sm text-brand-700 underline">
          ← <bdi>{client.fullName}</bdi>
        </Link>
        <h1 className="text-2xl font-semibold">{t("jobs:new.title")}</h1>
      </header>
      {refusals.length > 0 ? (
        <p role="alert" className="field-error" data-testid="job-errors">
          {refusals.join(" · ")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field field={fields.type} label={t("jobs:form.type")} error={fields.type.errors?.[0]}>
            {(control) => (
              <select {...getSelectProps(fields.type)} {...control} key={fields.type.key} className="input mt-1">
                {JOB_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(JOB_TYPE_KEYS[type])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            field={fields.promisedDate}
            label={t("jobs:form.promisedDate")}
            error={fields.promisedDate.errors?.[0]}
          >
            {(control) => (
              <input
                {...getInputProps(fields.promisedDate, { type: "date" })}
                {...control}
                key={fields.promisedDate.key}
                min={today}
                className="input mt-1"
              />
            )}
          </Field>
        </div>
        <Field field={fields.description} label={t("jobs:form.description")} error={fields.description.errors?.[0]}>
          {(control) => (
            <textarea
              {...getTextareaProps(fields.description)}
              {...control}
              key={fields.description.key}
              maxLength={JOB_DESCRIPTION_MAX}
              rows={3}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            field={fields.price}
            label={t("jobs:form.price")}
            hint={t("jobs:form.priceHint")}
            error={fields.price.errors?.[0]}
          >
            {(control) => (
              <input
                {...getInputProps(fields.price, { type: "text" })}
                {...control}
                key={fields.price.key}
                inputMode="decimal"
                dir="ltr"
                className="input mt-1"
              />
            )}
          </Field>
          <Field field={fields.showroom} label={t("jobs:form.showroom")} error={fields.showroom.errors?.[0]}>
            {(control) => (
              <select
                {...getSelectProps(fields.showroom)}
                {...control}
                key={fields.showroom.key}
                className="input mt-1"
              >
                <option value="">{t("jobs:form.homeShowroom")}</option>
                {showrooms.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="font-semibold">{t("jobs:form.pieces")}</legend>
          {fields.items.getFieldList().map((row, index) => {
            const item = row.getFieldset();
            return (
              <div
                key={row.key}
                className="grid gap-2 border-t border-gray-100 pt-2 sm:grid-cols-3"
                data-testid="job-item-row"
              >
                <Field
                  field={item.category}
                  label={t("jobs:form.category", { row: index + 1 })}
                  error={item.category.errors?.[0]}
                >
                  {(control) => (
                    <select
                      {...getSelectProps(item.category)}
                      {...control}
                      key={item.category.key}
                      className="input mt-1"
                    >
                      <option value="">—</option>
                      {categories.map((c) => (
                        <option key={c.key} value={c.key}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field field={item.metal} label={t("jobs:form.metal")} error={item.metal.errors?.[0]}>
                  {(control) => (
                    <select {...getSelectProps(item.metal)} {...control} key={item.metal.key} className="input mt-1">
                      {METALS.map((m) => (
                        <option key={m} value={m}>
                          {t(METAL_KEYS[m])}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field field={item.karat} label={t("jobs:form.karat")} error={item.karat.errors?.[0]}>
                  {(control) => (
                    <select {...getSelectProps(item.karat)} {...control} key={item.karat.key} className="input mt-1">
                      {KARATS.map((k) => (
                        <option key={k} value={k}>
                          {k === "none" ? "—" : `${k}K`}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field field={item.weightGrams} label={t("jobs:form.weight")} error={item.weightGrams.errors?.[0]}>
                  {(control) => (
                    <input
                      {...getInputProps(item.weightGrams, { type: "text" })}
                      {...control}
                      key={item.weightGrams.key}
                      inputMode="decimal"
                      dir="ltr"
                      className="input mt-1"
                    />
                  )}
                </Field>
                <Field field={item.stone} label={t("jobs:form.stone")} error={item.stone.errors?.[0]}>
                  {(control) => (
                    <select {...getSelectProps(item.stone)} {...control} key={item.stone.key} className="input mt-1">
                      {STONES.map((s) => (
                        <option key={s} value={s}>
                          {t(STONE_KEYS[s])}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field field={item.stoneCarats} label={t("jobs:form.carats")} error={item.stoneCarats.errors?.[0]}>
                  {(control) => (
                    <input
                      {...getInputProps(item.stoneCarats, { type: "text" })}
                      {...control}
                      key={item.stoneCarats.key}
                      inputMode="decimal"
                      dir="ltr"
                      className="input mt-1"
                    />
                  )}
                </Field>
                <Field
                  field={item.notes}
                  label={t("jobs:form.notes")}
                  error={item.notes.errors?.[0]}
                  className="sm:col-span-3"
                >
                  {(control) => (
                    <input
                      {...getInputProps(item.notes, { type: "text" })}
                      {...control}
                      key={item.notes.key}
                      maxLength={500}
                      className="input mt-1 w-full"
                    />
                  )}
                </Field>
              </div>
            );
          })}
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="font-semibold">{t("jobs:form.deposit")}</legend>
          <Field
            field={deposit.amount}
            label={t("jobs:form.amount")}
            error={deposit.amount.errors?.[0] ?? fields.deposit.errors?.[0]}
          >
            {(control) => (
              <input
                {...getInputProps(deposit.amount, { type: "text" })}
                {...control}
                key={deposit.amount.key}
                inputMode="decimal"
                dir="ltr"
                className="input mt-1"
              />
            )}
          </Field>
          <PaymentMethodFields
            method={deposit.method}
            buyerId={buyerId}
            buyerIdError={fields.buyerId.errors?.[0]}
            passportHint={t("jobs:form.passportHint")}
          />
        </fieldset>

        <button type="submit" className="btn-primary" disabled={busy}>
          {t("jobs:new.submit")}
        </button>
      </Form>
    </div>
  );
}
