import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { nameIn } from "~/domain/messages";
import { BUDGET_BANDS } from "~/domain/preferences";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { JOB_TERMS_MAX, SLIP_NAME_MAX, shopDetailsSchema, type ShopDetails } from "~/domain/shop-details";
import {
  SHOP_LISTS,
  shopRowFormSchema,
  WORN_ON,
  type ItemCategoryChoice,
  type ShopChoice,
  type ShopList,
  type TeamChoice,
  type WornOn,
} from "~/domain/shop-lists";
import { TIERS } from "~/domain/tiers";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { BUDGET_BAND_KEYS, TIER_KEYS } from "~/i18n/label-keys";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import { getShopDetails, saveShopDetails } from "~/services/shop-details.server";
import { addShopRow, changeShopRow, readShopLists } from "~/services/shop-lists.server";

export const handle: CatalogsHandle = { i18n: ["profile", "shop", "validation", "clients", "clientForm", "dashboard"] };

/** Each list's heading. */
const SHOP_LIST_KEYS: Record<ShopList, string> = {
  showrooms: "shop:lists.showrooms",
  teams: "shop:lists.teams",
  itemCategories: "shop:lists.itemCategories",
};

/** Where a piece is worn, as the checkboxes say it. */
const WORN_ON_KEYS: Record<WornOn, string> = {
  neck: "shop:wornOn.neck",
  ears: "shop:wornOn.ears",
  wrist: "shop:wornOn.wrist",
  finger: "shop:wornOn.finger",
};

export const meta: MetaFunction = ({ matches }) => [{ title: `${metaText(matches, "shop:title")} | ${PRODUCT_NAME}` }];

/** The form of the shop's name and the job slips' terms, and its fields' labels. */
const DETAILS_FORM_ID = "shop-details";
const DETAIL_LABEL_KEYS: Record<keyof ShopDetails, string> = {
  shopName: "shop:details.shopName",
  shopNameAr: "shop:details.shopNameAr",
  jobTerms: "shop:details.jobTerms",
  jobTermsAr: "shop:details.jobTermsAr",
};

/**
 * Shop settings (admin): the shop's name and its job slips' terms, and the showrooms, teams and item categories
 * everything else offers (docs/decisions/041-shop-lists-as-data.md). Plain forms, one per row: they work without
 * JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const [details, lists] = await Promise.all([getShopDetails(), readShopLists()]);
  return { details, lists };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const { t } = await translatorFor(request, "shop");
  const formData = await request.formData();
  const sentFormId = formData.get("formId");
  const formId = typeof sentFormId === "string" ? sentFormId : "";
  if (formId === DETAILS_FORM_ID) {
    const submission = parseWithZod(formData, { schema: shopDetailsSchema(), error: zodMessages(t) });
    if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
    await saveShopDetails(submission.value, user, requestAddress(request));
    return redirectWithToast("/profile/shop#details", { type: "success", title: t("shop:details.saved") });
  }
  const submission = parseWithZod(formData, { schema: shopRowFormSchema(), error: zodMessages(t) });
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });

  const form = submission.value;
  const ip = requestAddress(request);
  const rows: readonly ShopChoice[] = (await readShopLists())[form.list];
  const result =
    form.intent === "add"
      ? await addShopRow(user, form.list, { name: form.name!, nameAr: form.nameAr || null }, ip)
      : form.intent === "save"
        ? await changeShopRow(
            user,
            form.list,
            form.id ?? "",
            {
              name: form.name,
              nameAr: form.nameAr || null,
              active: form.active === "on",
              ...(form.list === "teams"
                ? {
                    products: form.products ?? [],
                    productsAr: form.productsAr ?? [],
                    clientTiers: form.clientTiers ?? [],
                    budgetBands: form.budgetBands ?? [],
                  }
                : {}),
              ...(form.list === "itemCategories"
                ? {
                    wornOn: form.wornOn ?? [],
                    priceFrom: form.priceFrom ?? null,
                    investmentGold: form.investmentGold === "on",
                  }
                : {}),
            },
            ip,
          )
        : await changeShopRow(
            user,
            form.list,
            form.id ?? "",
            { position: Math.max(0, rows.findIndex((row) => row.id === form.id) + (form.intent === "up" ? -1 : 1)) },
            ip,
          );
  if (!result.ok) {
    const error = say(t, result.error);
    const reply =
      result.status === 409
        ? submission.reply({ fieldErrors: { name: [error] } })
        : submission.reply({ formErrors: [error] });
    return data({ formId, result: reply }, { status: result.status });
  }
  const name = nameIn(t("common:language.code"), result.value);
  return redirectWithToast(`/profile/shop#${form.list}`, {
    type: "success",
    title: t(form.intent === "add" ? "shop:added" : "shop:saved"),
    description: t(form.intent === "add" ? "shop:addedDescription" : "shop:savedDescription", { name }),
  });
}

export default function ShopSettings() {
  const { details, lists } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← {t("profile:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("shop:title")}</h1>
        <p className="text-sm text-gray-600">{t("shop:intro")}</p>
      </div>
      <DetailsForm details={details} />
      {SHOP_LISTS.map((list) => (
        <section key={list} id={list} className="card space-y-3" aria-labelledby={`${list}-heading`}>
          <h2 id={`${list}-heading`} className="text-lg font-semibold">
            {t(SHOP_LIST_KEYS[list])}
          </h2>
          {lists[list].length === 0 ? <p className="text-sm text-gray-600">{t("shop:empty")}</p> : null}
          <ol className="space-y-3">
            {lists[list].map((row, index) => (
              <li key={row.id}>
                <RowForm list={list} row={row} first={index === 0} last={index === lists[list].length - 1} />
              </li>
            ))}
          </ol>
          <AddForm list={list} />
        </section>
      ))}
    </div>
  );
}

/** The shop's name and the terms its job slips print, each in English and Arabic; blank is none. */
function DetailsForm({ details }: { details: ShopDetails }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<Record<keyof ShopDetails, string>>({
    id: DETAILS_FORM_ID,
    lastResult: useReply(DETAILS_FORM_ID),
    defaultValue: {
      shopName: details.shopName ?? "",
      shopNameAr: details.shopNameAr ?? "",
      jobTerms: details.jobTerms ?? "",
      jobTermsAr: details.jobTermsAr ?? "",
    },
  });
  const error = (field: FieldMetadata<string>) => field.errors?.[0] && say(t, field.errors[0]);
  return (
    <section id="details" className="card space-y-3" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold">
        {t("shop:details.heading")}
      </h2>
      <p className="text-sm text-gray-600">{t("shop:details.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-2" data-testid="shop-details">
        <input type="hidden" name="formId" value={DETAILS_FORM_ID} />
        <div className="grid gap-2 sm:grid-cols-2">
          {(["shopName", "shopNameAr"] as const).map((name) => (
            <Field key={name} field={fields[name]} label={t(DETAIL_LABEL_KEYS[name])} error={error(fields[name])}>
              {(control) => (
                <input
                  {...getInputProps(fields[name], { type: "text" })}
                  {...control}
                  key={fields[name].key}
                  maxLength={SLIP_NAME_MAX}
                  dir={name === "shopNameAr" ? "rtl" : "ltr"}
                  lang={name === "shopNameAr" ? "ar" : "en"}
                  className="input mt-1 w-full"
                />
              )}
            </Field>
          ))}
          {(["jobTerms", "jobTermsAr"] as const).map((name) => (
            <Field key={name} field={fields[name]} label={t(DETAIL_LABEL_KEYS[name])} error={error(fields[name])}>
              {(control) => (
                <textarea
                  {...getTextareaProps(fields[name])}
                  {...control}
                  key={fields[name].key}
                  rows={4}
                  maxLength={JOB_TERMS_MAX}
                  dir={name === "jobTermsAr" ? "rtl" : "ltr"}
                  lang={name === "jobTermsAr" ? "ar" : "en"}
                  className="input mt-1 w-full"
                />
              )}
            </Field>
          ))}
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("shop:save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The action's answer for this form only: each row and each list's add form is a form of its own. */
function useReply(formId: string): SubmissionResult<string[]> | undefined {
  const answer = useActionData<typeof action>();
  return answer?.formId === formId ? answer.result : undefined;
}

type NameFieldset = { name: FieldMetadata<string>; nameAr: FieldMetadata<string> };

/** The row's two names; a refusal under the field it is about, in the page's language. */
function NameFields({ fields }: { fields: NameFieldset }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Field
        field={fields.name}
        label={t("shop:fields.name")}
        error={fields.name.errors?.[0] && say(t, fields.name.errors[0])}
      >
        {(control) => (
          <input
            {...getInputProps(fields.name, { type: "text" })}
            {...control}
            key={fields.name.key}
            dir="ltr"
            className="input mt-1 w-full"
          />
        )}
      </Field>
      <Field
        field={fields.nameAr}
        label={t("shop:fields.nameAr")}
        error={fields.nameAr.errors?.[0] && say(t, fields.nameAr.errors[0])}
      >
        {(control) => (
          <input
            {...getInputProps(fields.nameAr, { type: "text" })}
            {...control}
            key={fields.nameAr.key}
            dir="rtl"
            lang="ar"
            className="input mt-1 w-full"
          />
        )}
      </Field>
    </div>
  );
}

function RowForm({ list, row, first, last }: { list: ShopList; row: ShopChoice; first: boolean; last: boolean }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const formId = `shop-${list}-${row.id}`;
  const team = list === "teams" ? (row as TeamChoice) : null;
  const category = list === "itemCategories" ? (row as ItemCategoryChoice) : null;
  const [form, fields] = useForm<{ name: string; nameAr: string }>({
    id: formId,
    lastResult: useReply(formId),
    defaultValue: { name: row.name, nameAr: row.nameAr ?? "" },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-2 rounded border border-gray-200 p-3"
      data-testid={`shop-row-${row.key}`}
    >
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="id" value={row.id} />
      <div className="flex flex-wrap items-baseline gap-2">
        <strong>
          <bdi>{nameIn(i18n.language, row)}</bdi>
        </strong>
        <span className="text-xs text-gray-500" dir="ltr">
          {t("shop:fields.key", { key: row.key })}
        </span>
        {row.active ? null : <span className="badge bg-gray-200 text-gray-700">{t("shop:inactive")}</span>}
      </div>
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <NameFields fields={fields} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={row.active} />
        {t("shop:fields.active")}
      </label>
      {team ? <TeamSettings team={team} formId={formId} /> : null}
      {category ? <CategorySettings category={category} formId={formId} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {first ? null : (
          <button type="submit" name="intent" value="up" className="btn-secondary">
            {t("shop:moveUp")}
          </button>
        )}
        {last ? null : (
          <button type="submit" name="intent" value="down" className="btn-secondary">
            {t("shop:moveDown")}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn-primary"
          disabled={navigation.state === "submitting"}
        >
          {t("shop:save")}
        </button>
      </div>
    </Form>
  );
}

/** What a team's leads recommend and which clients are its leads (app/domain/lead-score.ts reads them). */
function TeamSettings({ team, formId }: { team: TeamChoice; formId: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-sm">
      <label className="block" htmlFor={`${formId}-products`}>
        {t("shop:fields.products")}
      </label>
      <textarea
        id={`${formId}-products`}
        name="products"
        rows={3}
        defaultValue={team.products.join("\n")}
        className="input w-full"
      />
      <label className="block" htmlFor={`${formId}-productsAr`}>
        {t("shop:fields.productsAr")}
      </label>
      <textarea
        id={`${formId}-productsAr`}
        name="productsAr"
        rows={3}
        dir="rtl"
        lang="ar"
        defaultValue={team.productsAr.join("\n")}
        className="input w-full"
      />
      <fieldset>
        <legend>{t("shop:fields.clientTiers")}</legend>
        <div className="flex flex-wrap gap-3">
          {TIERS.map((tier) => (
            <label key={tier} className="flex items-center gap-1">
              <input type="checkbox" name="clientTiers" value={tier} defaultChecked={team.clientTiers.includes(tier)} />
              {t(TIER_KEYS[tier])}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("shop:fields.budgetBands")}</legend>
        <div className="flex flex-wrap gap-3">
          {BUDGET_BANDS.map((band) => (
            <label key={band} className="flex items-center gap-1">
              <input type="checkbox" name="budgetBands" value={band} defaultChecked={team.budgetBands.includes(band)} />
              {t(BUDGET_BAND_KEYS[band])}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** Where a category's pieces are worn and where they start (app/domain/recommendations.ts reads them). */
function CategorySettings({ category, formId }: { category: ItemCategoryChoice; formId: string }) {
  const { t } = useTranslation();
  const reply = useReply(formId);
  const priceError = reply?.error?.priceFrom?.[0];
  // A refused price comes back as typed, so the admin corrects it rather than retyping.
  const sent = reply?.initialValue?.priceFrom;
  return (
    <div className="space-y-2 text-sm">
      <fieldset>
        <legend>{t("shop:fields.wornOn")}</legend>
        <div className="flex flex-wrap gap-3">
          {WORN_ON.map((place) => (
            <label key={place} className="flex items-center gap-1">
              <input type="checkbox" name="wornOn" value={place} defaultChecked={category.wornOn.includes(place)} />
              {t(WORN_ON_KEYS[place])}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-1">
        <input type="checkbox" name="investmentGold" defaultChecked={category.investmentGold} />
        {t("shop:fields.investmentGold")}
      </label>
      <label className="block" htmlFor={`${formId}-priceFrom`}>
        {t("shop:fields.priceFrom")}
      </label>
      <input
        id={`${formId}-priceFrom`}
        name="priceFrom"
        inputMode="decimal"
        dir="ltr"
        defaultValue={typeof sent === "string" ? sent : (category.priceFrom ?? "")}
        aria-invalid={priceError ? true : undefined}
        aria-describedby={priceError ? `${formId}-priceFrom-error` : undefined}
        className="input w-full sm:w-48"
      />
      {priceError ? (
        <p id={`${formId}-priceFrom-error`} className="text-red-700">
          {say(t, priceError)}
        </p>
      ) : null}
    </div>
  );
}

function AddForm({ list }: { list: ShopList }) {
  const { t } = useTranslation();
  const formId = `shop-${list}-add`;
  const [form, fields] = useForm<{ name: string; nameAr: string }>({ id: formId, lastResult: useReply(formId) });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2 border-t border-gray-200 pt-3">
      <h3 className="font-medium">{t("shop:addHeading", { list: t(SHOP_LIST_KEYS[list]) })}</h3>
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="list" value={list} />
      <NameFields fields={fields} />
      <div className="flex justify-end">
        <button type="submit" name="intent" value="add" className="btn-primary">
          {t("shop:add")}
        </button>
      </div>
    </Form>
  );
}
