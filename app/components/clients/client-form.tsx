import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useAppUi } from "~/components/app-ui";
import { Field, FieldGroup } from "~/components/ui/field";
import type { FieldControlProps } from "~/components/ui/field-aria";
import {
  clientField,
  formFields,
  isChoiceListKind,
  jsonName,
  type ChoiceListKind,
  type ClientFieldName,
  type ClientFieldSpec,
  type ClientFormValues,
  type FormFieldName,
  type FormMode,
} from "~/domain/client-fields";
import { editClientSchema, newClientSchema } from "~/domain/client-input";
import { ANNIVERSARY_TYPES, CLIENT_LANGUAGES, CONTACT_OK, COUNTRIES, EMIRATES } from "~/domain/client-enums";
import { nameIn } from "~/domain/messages";
import { formatDay } from "~/domain/client-display";
import { usePageLocale } from "~/i18n/i18n-provider";
import type { ShopChoice } from "~/domain/shop-lists";
import { BUDGET_BANDS, PREFERRED_METALS, PREFERRED_STONES } from "~/domain/preferences";
import { parseTyped } from "~/i18n/parse-typed";
import {
  ANNIVERSARY_TYPE_KEYS,
  BUDGET_BAND_KEYS,
  CLIENT_LANGUAGE_KEYS,
  CONTACT_OK_KEYS,
  COUNTRY_KEYS,
  EMIRATE_KEYS,
  FIELD_LABEL_KEYS,
  METAL_KEYS,
  PLACEHOLDER_KEYS,
  STONE_KEYS,
} from "~/i18n/label-keys";

/** The boxes of a choice list: each value and the label beside its checkbox. */
const choices = (kind: ChoiceListKind, t: TFunction): (readonly [string, string])[] =>
  kind === "metals"
    ? PREFERRED_METALS.map((m) => [m, t(METAL_KEYS[m])] as const)
    : PREFERRED_STONES.map((s) => [s, t(STONE_KEYS[s])] as const);

/** A field's label in this form's grid: a little room above it. */
const LABEL = "label mt-2";

/** A field's errors, already said in the page's language (sayIssues here, clientFormFailure on the server). */
function errorText(errors: string[] | undefined): string | undefined {
  return errors?.join(" ");
}

/** A client in the book the one being entered may be (docs/guide/duplicates.md), as the warning names them. */
export type DuplicateWarning = {
  id: number;
  fullName: string;
  ownerName: string | null;
  showroomName: string | null;
  lastPurchaseDate: string | null;
};

/**
 * What the New Client and Edit Customer actions answer when the server refuses the form, or stops
 * at the duplicate warning (`duplicates`: nothing saved until Save anyway).
 */
export type ClientFormReply = { result: SubmissionResult<string[]>; summary: string; duplicates?: DuplicateWarning[] };

/** The intent of the warning's confirming button: save although the client may be a duplicate. */
export const SAVE_ANYWAY = "save_anyway";

/**
 * Add New Client and Edit Customer. The inputs are the registry's form fields (client-fields.ts),
 * each drawn by its kind. Conform validates with the same zod schema on the client (on blur, then
 * as you type) and on the server; the server's answer fills the same slots. Error slots keep their
 * height, so an error never moves the buttons.
 */
export function ClientForm({
  mode,
  action,
  closeTo,
  defaultValue,
  reply,
  teams,
  totalSales,
  readOnlyFields = [],
}: {
  mode: FormMode;
  action: string;
  closeTo: string;
  defaultValue: ClientFormValues;
  reply: ClientFormReply | undefined;
  /** The shop's teams, all rows (readShopLists): the active ones are offered, the schema reads them all. */
  teams: readonly ShopChoice[];
  totalSales?: string;
  /** Fields shown masked to this user: sent back as shown, which keeps them (docs/privacy.md). */
  readOnlyFields?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const schema = (mode === "new" ? newClientSchema : editClientSchema)(teams);
  // The active teams in order, and a client's current team even when it is no longer offered.
  const current = defaultValue.team;
  const teamOptions = teams
    .filter((team) => team.active || team.key === current)
    .map((team) => [team.key, nameIn(i18n.language, team)] as const);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const { toast } = useAppUi();
  const [form, fields] = useForm<ClientFormValues, unknown>({
    id: `client-${mode}`,
    lastResult: reply?.result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseTyped(formData, schema, t),
  });
  const summary = reply?.summary || undefined;

  useEffect(() => {
    if (summary)
      toast({
        type: "error",
        title: mode === "new" ? t("clientForm:new.errorTitle") : t("clientForm:edit.errorTitle"),
        description: summary,
      });
    // Once per answer from the server, not again when the language's `t` changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply, mode, toast]);

  // Outside the UAE there is no emirate: the select gives way to "none".
  const inUae = (fields.country.value ?? "uae") === "uae";
  const shown = formFields(mode);
  const mainFields = shown.filter((name) => !clientField(name).section);
  const preferenceFields = shown.filter((name) => clientField(name).section === "preferences");

  /** One field's label, input and error slot, by its kind. */
  const renderField = (name: FormFieldName) => {
    const spec = clientField(name);
    const label = t(FIELD_LABEL_KEYS[name]);
    const required = spec[mode === "new" ? "create" : "edit"] === "required";
    // The registry decides each field's value type; a choice list holds the ticked values.
    if (isChoiceListKind(spec.kind))
      return (
        <ChoiceList
          key={name}
          field={fields[jsonName(name)] as FieldMetadata<string[]>}
          label={label}
          choices={choices(spec.kind, t)}
        />
      );
    const field = fields[jsonName(name)] as FieldMetadata<string>;
    if (spec.kind === "emirate")
      return (
        <Field
          key={name}
          field={field}
          label={inUae ? `${label} *` : label}
          labelClassName={LABEL}
          error={errorText(field.errors)}
        >
          {(control) =>
            inUae ? (
              <select
                {...getSelectProps(field)}
                {...control}
                key={`${field.key}-uae`}
                defaultValue={defaultValue.emirate && defaultValue.emirate !== "none" ? defaultValue.emirate : "dubai"}
                className="input mt-1"
              >
                {EMIRATES.map((e) => (
                  <option key={e} value={e}>
                    {t(EMIRATE_KEYS[e])}
                  </option>
                ))}
              </select>
            ) : (
              <>
                <input type="hidden" name={field.name} value="none" />
                <select {...control} disabled className="input mt-1" value="none">
                  <option value="none">{t("clientForm:notApplicable")}</option>
                </select>
              </>
            )
          }
        </Field>
      );
    if (readOnlyFields.includes(jsonName(name)))
      return (
        <Field
          key={name}
          field={field}
          label={label}
          labelClassName={LABEL}
          hint={t("clientForm:masked")}
          error={errorText(field.errors)}
        >
          {(control) => (
            <input
              {...getInputProps(field, { type: "text" })}
              {...control}
              readOnly
              className="input mt-1 bg-gray-50"
            />
          )}
        </Field>
      );
    return (
      <Field
        key={name}
        field={field}
        label={required ? `${label} *` : label}
        hint={spec.kind === "tags" ? t("clientForm:stylesHint") : undefined}
        error={errorText(field.errors)}
        className={spec.kind === "longText" ? "sm:col-span-2" : undefined}
        labelClassName={LABEL}
      >
        {(control) => (
          <FieldInput
            name={name}
            field={field}
            spec={spec}
            required={required}
            control={control}
            teamOptions={teamOptions}
          />
        )}
      </Field>
    );
  };

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-1">
      <div className="grid gap-x-4 sm:grid-cols-2">
        {mainFields.map(renderField)}

        {preferenceFields.length > 0 ? (
          <fieldset
            id="preferences"
            className="mt-2 grid gap-x-4 rounded-md border border-gray-200 p-3 sm:col-span-2 sm:grid-cols-2"
          >
            <legend className="px-1 text-sm font-medium">{t("clientForm:preferences")}</legend>
            {preferenceFields.map(renderField)}
          </fieldset>
        ) : null}

        {mode === "edit" ? (
          <fieldset className="mt-2 grid gap-x-4 rounded-md border border-brand-100 bg-brand-50 p-3 sm:col-span-2 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">{t("clientForm:recordSale")}</legend>
            <p className="text-sm text-gray-700 sm:col-span-3">
              <Trans
                i18nKey="clientForm:totalSales"
                values={{ total: totalSales }}
                components={{ strong: <strong data-testid="total-sales" /> }}
              />
            </p>
            <Field
              field={fields.newSaleAmount}
              label={t("clientForm:newSaleAmount")}
              labelClassName={LABEL}
              error={errorText(fields.newSaleAmount.errors)}
            >
              {(control) => (
                <input
                  {...getInputProps(fields.newSaleAmount, { type: "text" })}
                  {...control}
                  inputMode="decimal"
                  placeholder="0.00"
                  className="input mt-1"
                />
              )}
            </Field>
            <Field
              field={fields.newSaleDate}
              label={t("clientForm:newSaleDate")}
              labelClassName={LABEL}
              error={errorText(fields.newSaleDate.errors)}
            >
              {(control) => (
                <input {...getInputProps(fields.newSaleDate, { type: "date" })} {...control} className="input mt-1" />
              )}
            </Field>
            <Field
              field={fields.newSaleDescription}
              label={t("clientForm:newSaleDescription")}
              labelClassName={LABEL}
              error={errorText(fields.newSaleDescription.errors)}
            >
              {(control) => (
                <input
                  {...getInputProps(fields.newSaleDescription, { type: "text" })}
                  {...control}
                  placeholder={t("clientForm:purchase")}
                  dir="auto"
                  className="input mt-1"
                />
              )}
            </Field>
          </fieldset>
        ) : null}
      </div>

      {reply?.duplicates?.length ? <DuplicateWarningBox duplicates={reply.duplicates} submitting={submitting} /> : null}

      <div className="sticky bottom-0 -mx-5 -mb-4 flex items-start justify-between gap-3 border-t border-gray-200 bg-white px-5 py-3">
        <p role="alert" id={form.errorId} className="text-sm text-red-700">
          {summary ?? errorText(form.errors)}
        </p>
        <div className="flex shrink-0 gap-2">
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            {t("clientForm:cancel")}
          </Link>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {mode === "new"
              ? submitting
                ? t("clientForm:new.submitting")
                : t("clientForm:new.submit")
              : submitting
                ? t("clientForm:edit.submitting")
                : t("clientForm:edit.submit")}
          </button>
        </div>
      </div>
    </Form>
  );
}

/** A select's options: the value each option sends and what it shows. */
function Options({ options }: { options: readonly (readonly [string, string])[] }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/** The input for one field, by its kind (the emirate, which depends on the country, is drawn by the form). */
function FieldInput({
  name,
  field,
  spec,
  required,
  control,
  teamOptions,
}: {
  name: ClientFieldName;
  field: FieldMetadata<string>;
  spec: ClientFieldSpec;
  required: boolean;
  control: FieldControlProps;
  /** The team select's options: each team's key and its name in the page's language. */
  teamOptions: readonly (readonly [string, string])[];
}) {
  const { t } = useTranslation();
  const placeholderKey = PLACEHOLDER_KEYS[name];
  const placeholder = placeholderKey ? t(placeholderKey) : spec.placeholder;
  switch (spec.kind) {
    case "name":
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          {...control}
          autoComplete="off"
          dir="auto"
          className="input mt-1"
        />
      );
    case "nameAr":
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          {...control}
          autoComplete="off"
          dir="rtl"
          lang="ar"
          className="input mt-1"
        />
      );
    case "mobile":
      return (
        <input
          {...getInputProps(field, { type: "tel" })}
          {...control}
          placeholder={placeholder}
          className="input mt-1"
        />
      );
    case "email":
      return (
        <input
          {...getInputProps(field, { type: "email" })}
          {...control}
          placeholder={placeholder}
          className="input mt-1"
        />
      );
    case "date":
      return <input {...getInputProps(field, { type: "date" })} {...control} className="input mt-1" />;
    case "money":
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          {...control}
          inputMode="decimal"
          placeholder={placeholder ?? "0.00"}
          className="input mt-1"
        />
      );
    case "longText":
      return (
        <textarea
          {...getTextareaProps(field)}
          {...control}
          rows={2}
          placeholder={placeholder}
          dir="auto"
          className="input mt-1"
        />
      );
    case "country":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <Options options={COUNTRIES.map((c) => [c, t(COUNTRY_KEYS[c])] as const)} />
        </select>
      );
    case "team":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <option value="">{required ? t("clientForm:selectTeam") : t("clientForm:noTeam")}</option>
          <Options options={teamOptions} />
        </select>
      );
    case "language":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <Options options={CLIENT_LANGUAGES.map((l) => [l, t(CLIENT_LANGUAGE_KEYS[l])] as const)} />
        </select>
      );
    case "anniversaryType":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <option value="">{t("clientForm:none")}</option>
          <Options options={ANNIVERSARY_TYPES.map((a) => [a, t(ANNIVERSARY_TYPE_KEYS[a])] as const)} />
        </select>
      );
    case "contactOk":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <option value="">{t("clientForm:notAsked")}</option>
          <Options options={CONTACT_OK.map((c) => [c, t(CONTACT_OK_KEYS[c])] as const)} />
        </select>
      );
    case "active":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <Options
            options={[
              ["true", t("clientForm:active")],
              ["false", t("clientForm:inactive")],
            ]}
          />
        </select>
      );
    case "budgetBand":
      return (
        <select {...getSelectProps(field)} {...control} className="input mt-1">
          <option value="">{t("clientForm:notKnown")}</option>
          <Options options={BUDGET_BANDS.map((b) => [b, t(BUDGET_BAND_KEYS[b])] as const)} />
        </select>
      );
    case "tags":
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          {...control}
          placeholder={placeholder}
          dir="auto"
          className="input mt-1"
        />
      );
    case "size":
    case "text":
    case "emirate":
      // dir="auto": text typed in Arabic reads right to left in its own input.
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          {...control}
          placeholder={placeholder}
          dir="auto"
          className="input mt-1"
        />
      );
    case "metals":
    case "stones":
      // Drawn by ChoiceList (the form picks it by kind): a list of boxes, not one input.
      return null;
    default: {
      // A new kind must get its input here: this fails to compile until it does.
      const unhandled: never = spec.kind;
      return unhandled;
    }
  }
}

/**
 * A list of checkboxes sharing the field's name. The hidden empty value is always sent, so a
 * post with every box unticked clears the list (a PUT without the field would keep it).
 */
function ChoiceList({
  field,
  label,
  choices,
}: {
  field: FieldMetadata<string[]>;
  label: string;
  choices: readonly (readonly [string, string])[];
}) {
  const labels = new Map(choices);
  return (
    <FieldGroup
      field={field}
      legend={label}
      legendClassName="label mt-2"
      error={errorText(field.errors)}
      className="sm:col-span-2"
    >
      <input type="hidden" name={field.name} value="" />
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {getCollectionProps(field, { type: "checkbox", options: choices.map(([value]) => value) }).map(
          ({ key, ...box }) => (
            <label key={key} className="inline-flex items-center gap-1.5 text-sm">
              <input {...box} />
              {labels.get(box.value)}
            </label>
          ),
        )}
      </div>
    </FieldGroup>
  );
}

/**
 * "Possible duplicate of …": who the client may already be, with Open it and Save anyway. A plain
 * submit button with intent=save_anyway, so it works before JavaScript too.
 */
function DuplicateWarningBox({ duplicates, submitting }: { duplicates: DuplicateWarning[]; submitting: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <div role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <ul className="space-y-2">
        {duplicates.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t("clientForm:duplicate.of", { name: d.fullName })}
              {" — "}
              {t("clientForm:duplicate.details", {
                owner: d.ownerName ?? t("clientForm:duplicate.noOwner"),
                showroom: d.showroomName ?? t("clientForm:duplicate.noShowroom"),
                lastPurchase: d.lastPurchaseDate
                  ? formatDay(d.lastPurchaseDate, locale)
                  : t("clientForm:duplicate.noPurchase"),
              })}
            </span>
            <Link to={`/customers/${d.id}`} className="font-medium underline">
              {t("clientForm:duplicate.open")}
            </Link>
          </li>
        ))}
      </ul>
      <button type="submit" name="intent" value={SAVE_ANYWAY} className="btn-secondary mt-3" disabled={submitting}>
        {t("clientForm:duplicate.saveAnyway")}
      </button>
    </div>
  );
}
