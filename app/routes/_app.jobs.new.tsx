import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { addDays, businessToday } from "~/domain/calendar";
import { PAYMENT_METHODS } from "~/domain/cash-rule";
import { parseClientIds } from "~/domain/client-ids";
import { JOB_DESCRIPTION_MAX, JOB_TYPE_KEYS, JOB_TYPES, jobInputSchema } from "~/domain/jobs";
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
import { readShopLists } from "~/services/shop-lists.server";

export const handle: CatalogsHandle = { i18n: ["jobs", "clients", "clientForm", "dashboard", "cash", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "jobs:new.title")} | ${PRODUCT_NAME}` },
];

/** Piece rows the plain form offers (enough for a bag at the counter; the API takes up to 20). */
const ITEM_ROWS = 3;
const ITEM_FIELDS = ["category", "metal", "karat", "weightGrams", "stone", "stoneCarats", "notes"] as const;
const itemName = (row: number, field: (typeof ITEM_FIELDS)[number]) => `item-${row}-${field}`;

async function clientOf(request: Request) {
  const [id] = parseClientIds(new URL(request.url).searchParams.get("clientId") ?? "");
  const client = id ? await jobClient(id) : null;
  if (!client) throw new Response("Client not found", { status: 404 });
  return client;
}

/** /jobs/new?clientId= (every role): a new job for a client, opened from the client's details. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const { language } = await translatorFor(request, "jobs");
  const [client, lists] = await Promise.all([clientOf(request), readShopLists()]);
  const today = businessToday();
  return {
    client,
    today,
    promisedDefault: addDays(today, 7),
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

/** The posted form as the JSON's shape: blank piece rows left out, a deposit only when an amount is typed. */
function formInput(form: FormData) {
  const items = Array.from({ length: ITEM_ROWS }, (_, row) =>
    Object.fromEntries(ITEM_FIELDS.map((field) => [field, formText(form, itemName(row, field))])),
  ).filter((item) => item.category !== "" || item.weightGrams !== "" || item.notes !== "");
  const deposit = formText(form, "depositAmount");
  const passport = formText(form, "passportNumber");
  return {
    type: formText(form, "type"),
    description: formText(form, "description"),
    promisedDate: formText(form, "promisedDate"),
    price: formText(form, "price"),
    showroom: formText(form, "showroom"),
    items,
    deposit: deposit ? { amount: deposit, method: formText(form, "depositMethod") } : null,
    buyerId: passport ? { type: "passport", number: passport, nationality: formText(form, "nationality") } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "jobs");
  const client = await clientOf(request);
  const form = await request.formData();
  const parsed = jobInputSchema(businessToday(), await readShopLists()).safeParse(formInput(form), {
    error: zodMessages(t),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= say(t, issueMessage(issue));
    return data({ errors }, { status: 400 });
  }
  const result = await createJob(client.id, parsed.data, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return data({ errors: { [result.path]: say(t, result.message) } }, { status: result.status });
  return redirectWithToast(`/jobs/${result.job.id}`, {
    type: "success",
    title: t("jobs:new.created"),
    description: result.job.number,
  });
}

export default function NewJob() {
  const { client, today, promisedDefault, showrooms, categories } = useLoaderData<typeof loader>();
  const errors: Record<string, string> = useActionData<typeof action>()?.errors ?? {};
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
              <select {...control} name="type" className="input mt-1" defaultValue="repair">
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
                defaultValue={promisedDefault}
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
              maxLength={JOB_DESCRIPTION_MAX}
              rows={3}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="job-price" label={t("jobs:form.price")} hint={t("jobs:form.priceHint")} error={error("price")}>
            {(control) => <input {...control} name="price" inputMode="decimal" dir="ltr" className="input mt-1" />}
          </Field>
          <Field id="job-showroom" label={t("jobs:form.showroom")} error={error("showroom")}>
            {(control) => (
              <select {...control} name="showroom" className="input mt-1" defaultValue="">
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
          {Array.from({ length: ITEM_ROWS }, (_, row) => (
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
                  <select {...control} name={itemName(row, "category")} className="input mt-1" defaultValue="">
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
                  <select {...control} name={itemName(row, "metal")} className="input mt-1" defaultValue="none">
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
                  <select {...control} name={itemName(row, "karat")} className="input mt-1" defaultValue="none">
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
                    inputMode="decimal"
                    dir="ltr"
                    className="input mt-1"
                  />
                )}
              </Field>
              <Field id={itemName(row, "stone")} label={t("jobs:form.stone")}>
                {(control) => (
                  <select {...control} name={itemName(row, "stone")} className="input mt-1" defaultValue="none">
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
                    inputMode="decimal"
                    dir="ltr"
                    className="input mt-1"
                  />
                )}
              </Field>
              <Field id={itemName(row, "notes")} label={t("jobs:form.notes")} className="sm:col-span-3">
                {(control) => (
                  <input {...control} name={itemName(row, "notes")} maxLength={500} className="input mt-1 w-full" />
                )}
              </Field>
            </div>
          ))}
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="font-semibold">{t("jobs:form.deposit")}</legend>
          <Field id="job-deposit" label={t("jobs:form.amount")} error={error("deposit.amount")}>
            {(control) => (
              <input {...control} name="depositAmount" inputMode="decimal" dir="ltr" className="input mt-1" />
            )}
          </Field>
          <Field id="job-deposit-method" label={t("jobs:form.method")} error={error("deposit.method")}>
            {(control) => (
              <select {...control} name="depositMethod" className="input mt-1" defaultValue="cash">
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
            {(control) => <input {...control} name="passportNumber" dir="ltr" className="input mt-1" />}
          </Field>
          <Field id="job-nationality" label={t("jobs:form.nationality")}>
            {(control) => <input {...control} name="nationality" className="input mt-1" />}
          </Field>
        </fieldset>

        <button type="submit" className="btn-primary" disabled={busy}>
          {t("jobs:new.submit")}
        </button>
      </Form>
    </div>
  );
}
