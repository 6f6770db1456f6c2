import type { TFunction } from "i18next";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { addDays, businessToday } from "~/domain/calendar";
import { PAYMENT_METHODS } from "~/domain/cash-rule";
import { parseClientIds } from "~/domain/client-ids";
import { JOB_DESCRIPTION_MAX, JOB_TYPE_KEYS, JOB_TYPES, jobInputSchema, MAX_JOB_ITEMS } from "~/domain/jobs";
import { filsToDecimalString, parseAedToFils } from "~/domain/money";
import { saleRowsOfQuote } from "~/domain/quotes";
import { issueMessage } from "~/domain/messages";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { KARATS, METALS, STONES } from "~/domain/sales";
import { activeChoices, nameOfKey } from "~/domain/shop-lists";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { PAYMENT_METHOD_KEYS } from "~/i18n/cash-keys";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { METAL_KEYS, STONE_KEYS } from "~/i18n/label-keys";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
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
const ITEM_FIELDS = ["category", "metal", "karat", "weightGrams", "stone", "stoneCarats", "notes"] as const;
const itemName = (row: number, field: (typeof ITEM_FIELDS)[number]) => `item-${row}-${field}`;

type ItemValues = Record<(typeof ITEM_FIELDS)[number], string>;
/** What the form shows: blank, filled from a quote, or as posted when it comes back with errors (nothing typed is lost). */
type JobFormValues = {
  type: string;
  description: string;
  promisedDate: string;
  price: string;
  showroom: string;
  items: ItemValues[];
  depositAmount: string;
  depositMethod: string;
  passportNumber: string;
  nationality: string;
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
  depositAmount: "",
  depositMethod: "cash",
  passportNumber: "",
  nationality: "",
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
    depositAmount: credit > 0n ? filsToDecimalString(credit) : "",
    depositMethod: credit > 0n ? "old_gold" : "cash",
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

/** The posted form, field by field, as it came (the piece rows the form said it had, within the API's bound). */
function formValues(form: FormData): JobFormValues {
  const rows = Math.min(Math.max(Number(formText(form, "itemRows")) || ITEM_ROWS, 1), MAX_JOB_ITEMS);
  return {
    type: formText(form, "type"),
    description: formText(form, "description"),
    promisedDate: formText(form, "promisedDate"),
    price: formText(form, "price"),
    showroom: formText(form, "showroom"),
    items: Array.from(
      { length: rows },
      (_, row) =>
        Object.fromEntries(ITEM_FIELDS.map((field) => [field, formText(form, itemName(row, field))])) as ItemValues,
    ),
    depositAmount: formText(form, "depositAmount"),
    depositMethod: formText(form, "depositMethod"),
    passportNumber: formText(form, "passportNumber"),
    nationality: formText(form, "nationality"),
  };
}

/** The form's values as the JSON's shape: blank piece rows left out, a deposit only when an amount is typed. */
function formInput(values: JobFormValues) {
  const { depositAmount, depositMethod, passportNumber, nationality, items, ...job } = values;
  return {
    ...job,
    items: items.filter((item) => item.category !== "" || item.weightGrams !== "" || item.notes !== ""),
    deposit: depositAmount ? { amount: depositAmount, method: depositMethod } : null,
    buyerId: passportNumber ? { type: "passport", number: passportNumber, nationality } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "jobs");
  const client = await clientOf(request);
  const values = formValues(await request.formData());
  const parsed = jobInputSchema(businessToday(), await readShopLists()).safeParse(formInput(values), {
    error: zodMessages(t),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= say(t, issueMessage(issue));
    return data({ errors, values }, { status: 400 });
  }
  const result = await createJob(client.id, parsed.data, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return data({ errors: { [result.path]: say(t, result.message) }, values }, { status: result.status });
  return redirectWithToast(`/jobs/${result.job.id}`, {
    type: "success",
    title: t("jobs:new.created"),
    description: result.job.number,
  });
}

export default function NewJob() {
  const { client, today, showrooms, categories, ...loaded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = actionData?.values ?? loaded.values;
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const error = (path: string) => errors[path] ?? "";
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header>
        <Link to={`/customers/${client.id}`} className="text-sm text-brand-700 underline">
          ← <bdi>{client.fullName}</bdi>
        </Link>
        <h1 className="text-2xl font-semibold">{t("jobs:new.title")}</h1>
      </header>
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="field-error" data-testid="job-errors">
          {Object.values(errors).join(" · ")}
        </p>
      ) : null}
      <Form method="post" className="card space-y-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="job-type" label={t("jobs:form.type")} error={error("type")}>
            {(control) => (
              <select {...control} name="type" className="input mt-1" defaultValue={values.type}>
                {JOB_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(JOB_TYPE_KEYS[type])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="job-promised" label={t("jobs:form.promisedDate")} error={error("promisedDate")}>
            {(control) => (
              <input
                {...control}
                name="promisedDate"
                type="date"
                min={today}
                defaultValue={values.promisedDate}
                className="input mt-1"
              />
            )}
          </Field>
        </div>
        <Field id="job-description" label={t("jobs:form.description")} error={error("description")}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              defaultValue={values.description}
              maxLength={JOB_DESCRIPTION_MAX}
              rows={3}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="job-price" label={t("jobs:form.price")} hint={t("jobs:form.priceHint")} error={error("price")}>
            {(control) => (
              <input
                {...control}
                name="price"
                defaultValue={values.price}
                inputMode="decimal"
                dir="ltr"
                className="input mt-1"
              />
            )}
          </Field>
          <Field id="job-showroom" label={t("jobs:form.showroom")} error={error("showroom")}>
            {(control) => (
              <select {...control} name="showroom" className="input mt-1" defaultValue={values.showroom}>
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
          <input type="hidden" name="itemRows" value={values.items.length} />
          {values.items.map((item, row) => (
            <div
              key={row}
              className="grid gap-2 border-t border-gray-100 pt-2 sm:grid-cols-3"
              data-testid="job-item-row"
            >
              <Field
                id={itemName(row, "category")}
                label={t("jobs:form.category", { row: row + 1 })}
                error={error(`items.${row}.category`)}
              >
                {(control) => (
                  <select
                    {...control}
                    name={itemName(row, "category")}
                    className="input mt-1"
                    defaultValue={item.category}
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
              <Field id={itemName(row, "metal")} label={t("jobs:form.metal")}>
                {(control) => (
                  <select {...control} name={itemName(row, "metal")} className="input mt-1" defaultValue={item.metal}>
                    {METALS.map((m) => (
                      <option key={m} value={m}>
                        {t(METAL_KEYS[m])}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={itemName(row, "karat")} label={t("jobs:form.karat")}>
                {(control) => (
                  <select {...control} name={itemName(row, "karat")} className="input mt-1" defaultValue={item.karat}>
                    {KARATS.map((k) => (
                      <option key={k} value={k}>
                        {k === "none" ? "—" : `${k}K`}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                id={itemName(row, "weightGrams")}
                label={t("jobs:form.weight")}
                error={error(`items.${row}.weightGrams`)}
              >
                {(control) => (
                  <input
                    {...control}
                    name={itemName(row, "weightGrams")}
                    defaultValue={item.weightGrams}
                    inputMode="decimal"
                    dir="ltr"
                    className="input mt-1"
                  />
                )}
              </Field>
              <Field id={itemName(row, "stone")} label={t("jobs:form.stone")}>
                {(control) => (
                  <select {...control} name={itemName(row, "stone")} className="input mt-1" defaultValue={item.stone}>
                    {STONES.map((s) => (
                      <option key={s} value={s}>
                        {t(STONE_KEYS[s])}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                id={itemName(row, "stoneCarats")}
                label={t("jobs:form.carats")}
                error={error(`items.${row}.stoneCarats`)}
              >
                {(control) => (
                  <input
                    {...control}
                    name={itemName(row, "stoneCarats")}
                    defaultValue={item.stoneCarats}
                    inputMode="decimal"
                    dir="ltr"
                    className="input mt-1"
                  />
                )}
              </Field>
              <Field id={itemName(row, "notes")} label={t("jobs:form.notes")} className="sm:col-span-3">
                {(control) => (
                  <input
                    {...control}
                    name={itemName(row, "notes")}
                    defaultValue={item.notes}
                    maxLength={500}
                    className="input mt-1 w-full"
                  />
                )}
              </Field>
            </div>
          ))}
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="font-semibold">{t("jobs:form.deposit")}</legend>
          <Field id="job-deposit" label={t("jobs:form.amount")} error={error("deposit.amount")}>
            {(control) => (
              <input
                {...control}
                name="depositAmount"
                defaultValue={values.depositAmount}
                inputMode="decimal"
                dir="ltr"
                className="input mt-1"
              />
            )}
          </Field>
          <Field id="job-deposit-method" label={t("jobs:form.method")} error={error("deposit.method")}>
            {(control) => (
              <select {...control} name="depositMethod" className="input mt-1" defaultValue={values.depositMethod}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(PAYMENT_METHOD_KEYS[m])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="job-passport"
            label={t("jobs:form.passportNumber")}
            hint={t("jobs:form.passportHint")}
            error={error("buyerId")}
          >
            {(control) => (
              <input
                {...control}
                name="passportNumber"
                defaultValue={values.passportNumber}
                dir="ltr"
                className="input mt-1"
              />
            )}
          </Field>
          <Field id="job-nationality" label={t("jobs:form.nationality")}>
            {(control) => (
              <input {...control} name="nationality" defaultValue={values.nationality} className="input mt-1" />
            )}
          </Field>
        </fieldset>

        <button type="submit" className="btn-primary" disabled={busy}>
          {t("jobs:new.submit")}
        </button>
      </Form>
    </div>
  );
}
