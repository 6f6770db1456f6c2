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
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useAppUi } from "~/components/app-ui";
import {
  clientField,
  formFields,
  isChoiceListKind,
  jsonName,
  type ChoiceListKind,
  type ClientFieldSpec,
  type ClientFormValues,
  type FormFieldName,
  type FormMode,
} from "~/domain/client-fields";
import { editClientSchema, newClientSchema } from "~/domain/client-input";
import {
  ANNIVERSARY_TYPES,
  CLIENT_LANGUAGE_LABELS,
  CLIENT_LANGUAGES,
  CONTACT_OK,
  COUNTRIES,
  COUNTRY_LABELS,
  EMIRATES,
  EMIRATE_LABELS,
  TEAMS,
  TEAM_LABELS,
} from "~/domain/client-enums";
import { BUDGET_BAND_LABELS, BUDGET_BANDS, PREFERRED_METALS, PREFERRED_STONES } from "~/domain/preferences";
import { METAL_LABELS, STONE_LABELS } from "~/domain/sales";

/** The boxes of a choice list: each value and the label beside its checkbox. */
const CHOICES: Record<ChoiceListKind, readonly (readonly [string, string])[]> = {
  metals: PREFERRED_METALS.map((m) => [m, METAL_LABELS[m]] as const),
  stones: PREFERRED_STONES.map((s) => [s, STONE_LABELS[s]] as const),
};

/** What the New Client and Edit Customer actions answer when the server refuses the form. */
export type ClientFormReply = { result: SubmissionResult<string[]>; summary: string };

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
  totalSales,
  readOnlyFields = [],
}: {
  mode: FormMode;
  action: string;
  closeTo: string;
  defaultValue: ClientFormValues;
  reply: ClientFormReply | undefined;
  totalSales?: string;
  /** Fields shown masked to this user: sent back as shown, which keeps them (docs/privacy.md). */
  readOnlyFields?: readonly string[];
}) {
  const schema = mode === "new" ? newClientSchema : editClientSchema;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const { toast } = useAppUi();
  const [form, fields] = useForm<ClientFormValues, unknown>({
    id: `client-${mode}`,
    lastResult: reply?.result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });

  useEffect(() => {
    if (reply?.summary)
      toast({
        type: "error",
        title: mode === "new" ? "Validation Error" : "Update Failed",
        description: reply.summary,
      });
  }, [reply, mode, toast]);

  // Outside the UAE there is no emirate: the select gives way to "none".
  const inUae = (fields.country.value ?? "uae") === "uae";
  const shown = formFields(mode);
  const mainFields = shown.filter((name) => !clientField(name).section);
  const preferenceFields = shown.filter((name) => clientField(name).section === "preferences");

  /** One field's label, input and error slot, by its kind. */
  const renderField = (name: FormFieldName) => {
    const spec = clientField(name);
    const required = spec[mode === "new" ? "create" : "edit"] === "required";
    // The registry decides each field's value type; a choice list holds the ticked values.
    if (isChoiceListKind(spec.kind))
      return (
        <ChoiceList
          key={name}
          field={fields[jsonName(name)] as FieldMetadata<string[]>}
          label={spec.label}
          choices={CHOICES[spec.kind]}
        />
      );
    const field = fields[jsonName(name)] as FieldMetadata<string>;
    if (spec.kind === "emirate")
      return (
        <Field key={name} field={field} label={inUae ? `${spec.label} *` : spec.label}>
          {inUae ? (
            <select
              {...getSelectProps(field)}
              key={`${field.key}-uae`}
              defaultValue={defaultValue.emirate && defaultValue.emirate !== "none" ? defaultValue.emirate : "dubai"}
              className="input mt-1"
            >
              {EMIRATES.map((e) => (
                <option key={e} value={e}>
                  {EMIRATE_LABELS[e]}
                </option>
              ))}
            </select>
          ) : (
            <>
              <input type="hidden" name={field.name} value="none" />
              <select id={field.id} disabled className="input mt-1" value="none">
                <option value="none">Not applicable outside the UAE</option>
              </select>
            </>
          )}
        </Field>
      );
    if (readOnlyFields.includes(jsonName(name)))
      return (
        <Field key={name} field={field} label={spec.label}>
          <input
            {...getInputProps(field, { type: "text" })}
            readOnly
            aria-describedby={`${field.id}-locked`}
            className="input mt-1 bg-gray-50"
          />
          <span id={`${field.id}-locked`} className="text-xs text-gray-600">
            Masked; only an admin can change it.
          </span>
        </Field>
      );
    return (
      <Field key={name} field={field} label={required ? `${spec.label} *` : spec.label} wide={spec.kind === "longText"}>
        <FieldInput field={field} spec={spec} required={required} />
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
            <legend className="px-1 text-sm font-medium">Preferences</legend>
            {preferenceFields.map(renderField)}
          </fieldset>
        ) : null}

        {mode === "edit" ? (
          <fieldset className="mt-2 grid gap-x-4 rounded-md border border-brand-100 bg-brand-50 p-3 sm:col-span-2 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">Record a new sale</legend>
            <p className="text-sm text-gray-700 sm:col-span-3">
              Total sales: <strong data-testid="total-sales">{totalSales}</strong> (read-only; a new sale adds to it)
            </p>
            <Field field={fields.newSaleAmount} label="New sale amount (AED)">
              <input
                {...getInputProps(fields.newSaleAmount, { type: "text" })}
                inputMode="decimal"
                placeholder="0.00"
                className="input mt-1"
              />
            </Field>
            <Field field={fields.newSaleDate} label="Sale date (default today)">
              <input {...getInputProps(fields.newSaleDate, { type: "date" })} className="input mt-1" />
            </Field>
            <Field field={fields.newSaleDescription} label="Description">
              <input
                {...getInputProps(fields.newSaleDescription, { type: "text" })}
                placeholder="Purchase"
                className="input mt-1"
              />
            </Field>
          </fieldset>
        ) : null}
      </div>

      <div className="sticky bottom-0 -mx-5 -mb-4 flex items-start justify-between gap-3 border-t border-gray-200 bg-white px-5 py-3">
        <p role="alert" id={form.errorId} className="text-sm text-red-700">
          {reply?.summary ?? form.errors?.join(" ")}
        </p>
        <div className="flex shrink-0 gap-2">
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {mode === "new"
              ? submitting
                ? "Creating..."
                : "Create Client"
              : submitting
                ? "Updating..."
                : "Update Customer"}
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
  field,
  spec,
  required,
}: {
  field: FieldMetadata<string>;
  spec: ClientFieldSpec;
  required: boolean;
}) {
  const placeholder = spec.placeholder;
  switch (spec.kind) {
    case "name":
      return <input {...getInputProps(field, { type: "text" })} autoComplete="off" dir="auto" className="input mt-1" />;
    case "nameAr":
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          autoComplete="off"
          dir="rtl"
          lang="ar"
          className="input mt-1"
        />
      );
    case "mobile":
      return <input {...getInputProps(field, { type: "tel" })} placeholder={placeholder} className="input mt-1" />;
    case "email":
      return <input {...getInputProps(field, { type: "email" })} placeholder={placeholder} className="input mt-1" />;
    case "date":
      return <input {...getInputProps(field, { type: "date" })} className="input mt-1" />;
    case "money":
      return (
        <input
          {...getInputProps(field, { type: "text" })}
          inputMode="decimal"
          placeholder={placeholder ?? "0.00"}
          className="input mt-1"
        />
      );
    case "longText":
      return (
        <textarea {...getTextareaProps(field)} rows={2} placeholder={placeholder} dir="auto" className="input mt-1" />
      );
    case "country":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <Options options={COUNTRIES.map((c) => [c, COUNTRY_LABELS[c]] as const)} />
        </select>
      );
    case "team":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <option value="">{required ? "Select a team" : "No team"}</option>
          <Options options={TEAMS.map((t) => [t, TEAM_LABELS[t]] as const)} />
        </select>
      );
    case "language":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <Options options={CLIENT_LANGUAGES.map((l) => [l, CLIENT_LANGUAGE_LABELS[l]] as const)} />
        </select>
      );
    case "anniversaryType":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <option value="">None</option>
          <Options options={ANNIVERSARY_TYPES.map((a) => [a, a] as const)} />
        </select>
      );
    case "contactOk":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <option value="">Not asked</option>
          <Options options={CONTACT_OK.map((c) => [c, c] as const)} />
        </select>
      );
    case "active":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <Options
            options={[
              ["true", "Active"],
              ["false", "Inactive"],
            ]}
          />
        </select>
      );
    case "budgetBand":
      return (
        <select {...getSelectProps(field)} className="input mt-1">
          <option value="">Not known</option>
          <Options options={BUDGET_BANDS.map((b) => [b, BUDGET_BAND_LABELS[b]] as const)} />
        </select>
      );
    case "tags":
      return (
        <>
          <input
            {...getInputProps(field, { type: "text" })}
            placeholder={placeholder}
            aria-describedby={`${field.id}-hint`}
            dir="auto"
            className="input mt-1"
          />
          <span id={`${field.id}-hint`} className="text-xs text-gray-600">
            Separate styles with commas.
          </span>
        </>
      );
    case "size":
    case "text":
    case "emirate":
      // dir="auto": text typed in Arabic reads right to left in its own input.
      return (
        <input
          {...getInputProps(field, { type: "text" })}
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
    <fieldset className="sm:col-span-2" aria-describedby={field.errorId}>
      <legend className="label mt-2">{label}</legend>
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
      <p id={field.errorId} className="field-error">
        {field.errors?.join(" ")}
      </p>
    </fieldset>
  );
}

function Field({
  field,
  label,
  wide,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={field.id} className="label mt-2">
        {label}
      </label>
      {children}
      <p id={field.errorId} className="field-error">
        {field.errors?.join(" ")}
      </p>
    </div>
  );
}
