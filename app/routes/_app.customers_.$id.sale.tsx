import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { useHydrated } from "~/components/use-hydrated";
import { Field } from "~/components/ui/field";
import { businessToday } from "~/domain/calendar";
import { displayName } from "~/domain/client-display";
import { parseClientIds } from "~/domain/client-ids";
import { formatAed } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import {
  blankItemRow,
  formItemsTotal,
  INVOICE_NO_MAX,
  ITEM_CATEGORIES,
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
  SHOWROOMS,
  STONES,
  type ItemFormRow,
  type SaleFormValues,
} from "~/domain/sales";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { clientActionMessage } from "~/i18n/client-action-messages.server";
import { ITEM_FIELD_KEYS, KARAT_KEYS } from "~/i18n/client-actions";
import { ITEM_CATEGORY_KEYS, METAL_KEYS, SHOWROOM_KEYS, STONE_KEYS } from "~/i18n/label-keys";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { usePageLocale } from "~/i18n/i18n-provider";
import { zodMessages } from "~/i18n/zod-messages";
import { getClient } from "~/services/client-queries.server";
import { listOwnerChoices } from "~/services/client-owners.server";
import { findSale, recordSale } from "~/services/sales.server";
import { writeNumber } from "~/domain/numerals";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["clientActions", "clientForm", "clients", "dashboard", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "clientActions:sale.title")} | ${PRODUCT_NAME}` },
];

async function requireClient(params: LoaderFunctionArgs["params"]) {
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  if (!client) throw new Response("Client not found", { status: 404 });
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
  return {
    saleDate: sale.saleDate <= today ? sale.saleDate : today,
    amount: sale.items.length > 0 ? "" : sale.amount,
    description: sale.description ?? "",
    invoiceNo: sale.invoiceNo ?? "",
    showroom: sale.showroom ?? "",
    soldById: sale.soldById ?? "",
    items,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const client = await requireClient(params);
  const today = businessToday();
  const { language } = await translatorFor(request);
  const from = await valuesFrom(new URL(request.url).searchParams.get("from"), client.id, today);
  const values: SaleFormValues = from ?? {
    saleDate: today,
    amount: "",
    description: "",
    invoiceNo: "",
    showroom: "",
    soldById: user.id,
    items: Array.from({ length: SALE_FORM_ROWS }, blankItemRow),
  };
  return {
    client: { id: client.id, name: displayName(client, language) },
    today,
    back: backPath(request, client.id),
    associates: await listOwnerChoices(),
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
  const parsed = saleInputSchema(businessToday()).safeParse(input, { error: zodMessages(t) });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const message = clientActionMessage(t, issue.message);
      const place = saleIssuePlace(issue.path, rowOf);
      if (!place) return message;
      return place.field
        ? t("clientActions:sale.itemFieldIssue", { row: place.row, field: t(ITEM_FIELD_KEYS[place.field]), message })
        : t("clientActions:sale.itemIssue", { row: place.row, message });
    });
    return data({ values, errors }, { status: 400 });
  }
  const result = await recordSale(client.id, parsed.data, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return data({ values, errors: [clientActionMessage(t, result.message)] }, { status: result.status });
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
  const { client, today, back, associates, values: initial } = useLoaderData<typeof loader>();
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
          <TextInput
            name="saleDate"
            label={t("clientActions:sale.saleDate")}
            type="date"
            max={today}
            required
            value={values.saleDate}
          />
          <SelectInput
            name="showroom"
            label={t("clientActions:sale.showroom")}
            value={values.showroom}
            options={[["", "—"], ...SHOWROOMS.map((s) => [s, t(SHOWROOM_KEYS[s])] as const)]}
          />
          <TextInput
            name="invoiceNo"
            label={t("clientActions:sale.invoiceNo")}
            maxLength={INVOICE_NO_MAX}
            value={values.invoiceNo}
          />
          <SelectInput
            name="soldById"
            label={t("clientActions:sale.soldBy")}
            value={values.soldById}
            options={associates.map((a) => [a.id, a.name] as const)}
          />
          <TextInput name="amount" label={t("clientActions:sale.amount")} inputMode="decimal" value={values.amount} />
          <TextInput
            name="description"
            label={t("clientActions:sale.description")}
            maxLength={500}
            value={values.description}
          />
        </div>

        <h2 className="font-semibold">{t("clientActions:sale.items")}</h2>
        {values.items.map((item, row) => (
          <fieldset key={row} className="rounded-md border border-gray-200 p-3" data-testid="sale-item">
            <legend className="px-1 text-sm font-medium">{t("clientActions:sale.item", { n: row + 1 })}</legend>
            <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
              <SelectInput
                name={itemFieldName(row, "category")}
                label={t("clientActions:sale.category")}
                value={item.category}
                options={[["", "—"], ...ITEM_CATEGORIES.map((c) => [c, t(ITEM_CATEGORY_KEYS[c])] as const)]}
              />
              <SelectInput
                name={itemFieldName(row, "metal")}
                label={t("clientActions:sale.metal")}
                value={item.metal}
                options={METALS.map((m) => [m, t(METAL_KEYS[m])] as const)}
              />
              <SelectInput
                name={itemFieldName(row, "karat")}
                label={t("clientActions:sale.karat")}
                value={item.karat}
                options={KARATS.map((k) => [k, t(KARAT_KEYS[k])] as const)}
              />
              <TextInput
                name={itemFieldName(row, "weightGrams")}
                label={t("clientActions:sale.weight")}
                inputMode="decimal"
                value={item.weightGrams}
              />
              <SelectInput
                name={itemFieldName(row, "stone")}
                label={t("clientActions:sale.stone")}
                value={item.stone}
                options={STONES.map((s) => [s, t(STONE_KEYS[s])] as const)}
              />
              <TextInput
                name={itemFieldName(row, "stoneCarats")}
                label={t("clientActions:sale.carats")}
                inputMode="decimal"
                value={item.stoneCarats}
              />
              <TextInput
                name={itemFieldName(row, "itemCode")}
                label={t("clientActions:sale.itemCode")}
                maxLength={60}
                value={item.itemCode}
              />
              <TextInput
                name={itemFieldName(row, "certificateNo")}
                label={t("clientActions:sale.certificateNo")}
                maxLength={60}
                value={item.certificateNo}
              />
              <TextInput
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

/** An uncontrolled input showing the form's value (the server's copy after "Add another item" or a refusal). */
function TextInput({
  name,
  label,
  value,
  ...rest
}: { name: string; label: string; value: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value">) {
  return (
    <Field id={`sale-${name}`} label={label}>
      {(control) => <input {...control} name={name} defaultValue={value} className="input mt-1" {...rest} />}
    </Field>
  );
}

function SelectInput({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Field id={`sale-${name}`} label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className="input mt-1">
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
