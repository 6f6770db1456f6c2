import {
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
import { editClientSchema, newClientSchema } from "~/domain/client-input";
import {
  ANNIVERSARY_TYPES,
  CONTACT_OK,
  COUNTRIES,
  COUNTRY_LABELS,
  EMIRATES,
  EMIRATE_LABELS,
  TEAMS,
  TEAM_LABELS,
} from "~/domain/customer-fields";

/** What the New Client and Edit Customer actions answer when the server refuses the form. */
export type ClientFormReply = { result: SubmissionResult<string[]>; summary: string };

export type ClientFormValues = Partial<
  Record<
    | "fullName"
    | "mobileNumber"
    | "country"
    | "emirate"
    | "area"
    | "team"
    | "totalSalesValue"
    | "lastPurchaseDate"
    | "dateOfBirth"
    | "email"
    | "emiratesId"
    | "emiratesIdExpiry"
    | "pepStatus"
    | "contactOk"
    | "anniversaryType"
    | "anniversaryDate"
    | "preferredTime"
    | "preferredCollection"
    | "category"
    | "isActive"
    | "emiratesIdPictures"
    | "meetingComments"
    | "newSaleAmount"
    | "newSaleDate"
    | "newSaleDescription",
    string
  >
>;

/**
 * Add New Client and Edit Customer (spec §5). Conform validates with the same zod schema on the
 * client (on blur, then as you type) and on the server; the server's answer fills the same slots.
 * Error slots keep their height, so an error never moves the buttons.
 */
export function ClientForm({
  mode,
  action,
  closeTo,
  defaultValue,
  reply,
  totalSales,
}: {
  mode: "new" | "edit";
  action: string;
  closeTo: string;
  defaultValue: ClientFormValues;
  reply: ClientFormReply | undefined;
  totalSales?: string;
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

  // Outside the UAE there is no emirate: the select gives way to "none" (spec §5).
  const inUae = (fields.country.value ?? "uae") === "uae";

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-1">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field field={fields.fullName} label="Full name *">
          <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="off" className="input mt-1" />
        </Field>
        <Field field={fields.mobileNumber} label="Mobile number *">
          <input
            {...getInputProps(fields.mobileNumber, { type: "tel" })}
            placeholder="050 123 4567"
            className="input mt-1"
          />
        </Field>
        <Field field={fields.country} label="Country *">
          <select {...getSelectProps(fields.country)} className="input mt-1">
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {COUNTRY_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field field={fields.emirate} label={inUae ? "Emirate *" : "Emirate"}>
          {inUae ? (
            <select
              {...getSelectProps(fields.emirate)}
              key={`${fields.emirate.key}-uae`}
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
              <input type="hidden" name={fields.emirate.name} value="none" />
              <select id={fields.emirate.id} disabled className="input mt-1" value="none">
                <option value="none">Not applicable outside the UAE</option>
              </select>
            </>
          )}
        </Field>
        <Field field={fields.area} label="Area">
          <input {...getInputProps(fields.area, { type: "text" })} className="input mt-1" />
        </Field>
        <Field field={fields.team} label={mode === "new" ? "Team *" : "Team"}>
          <select {...getSelectProps(fields.team)} className="input mt-1">
            <option value="">{mode === "new" ? "Select a team" : "No team"}</option>
            {TEAMS.map((t) => (
              <option key={t} value={t}>
                {TEAM_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>

        {mode === "new" ? (
          <>
            <Field field={fields.totalSalesValue} label="Total sales (AED)">
              <input
                {...getInputProps(fields.totalSalesValue, { type: "text" })}
                inputMode="decimal"
                placeholder="0.00"
                className="input mt-1"
              />
            </Field>
            <Field field={fields.lastPurchaseDate} label="Purchase date">
              <input {...getInputProps(fields.lastPurchaseDate, { type: "date" })} className="input mt-1" />
            </Field>
          </>
        ) : null}

        <Field field={fields.dateOfBirth} label="Date of birth">
          <input {...getInputProps(fields.dateOfBirth, { type: "date" })} className="input mt-1" />
        </Field>
        <Field field={fields.email} label="Email">
          <input {...getInputProps(fields.email, { type: "email" })} className="input mt-1" />
        </Field>

        {mode === "edit" ? (
          <>
            <Field field={fields.emiratesId} label="Emirates ID number">
              <input
                {...getInputProps(fields.emiratesId, { type: "text" })}
                placeholder="784-1990-1234567-1"
                className="input mt-1"
              />
            </Field>
            <Field field={fields.emiratesIdExpiry} label="Emirates ID expiry">
              <input {...getInputProps(fields.emiratesIdExpiry, { type: "date" })} className="input mt-1" />
            </Field>
            <Field field={fields.pepStatus} label="PEP status">
              <input
                {...getInputProps(fields.pepStatus, { type: "text" })}
                placeholder="e.g. No"
                className="input mt-1"
              />
            </Field>
            <Field field={fields.contactOk} label="OK to contact">
              <select {...getSelectProps(fields.contactOk)} className="input mt-1">
                <option value="">Not asked</option>
                {CONTACT_OK.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </Field>
            <Field field={fields.anniversaryType} label="Anniversary type">
              <select {...getSelectProps(fields.anniversaryType)} className="input mt-1">
                <option value="">None</option>
                {ANNIVERSARY_TYPES.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </Field>
            <Field field={fields.anniversaryDate} label="Anniversary date">
              <input {...getInputProps(fields.anniversaryDate, { type: "date" })} className="input mt-1" />
            </Field>
            <Field field={fields.preferredTime} label="Preferred time">
              <input
                {...getInputProps(fields.preferredTime, { type: "text" })}
                placeholder="e.g. Evenings"
                className="input mt-1"
              />
            </Field>
            <Field field={fields.preferredCollection} label="Preferred collection">
              <input {...getInputProps(fields.preferredCollection, { type: "text" })} className="input mt-1" />
            </Field>
            <Field field={fields.category} label="Category">
              <input {...getInputProps(fields.category, { type: "text" })} className="input mt-1" />
            </Field>
            <Field field={fields.isActive} label="Status">
              <select {...getSelectProps(fields.isActive)} className="input mt-1">
                <option value="true">Active</option>
                <option value="false">Inactive</option>
              </select>
            </Field>
            <Field field={fields.emiratesIdPictures} label="Emirates ID pictures (links)">
              <input {...getInputProps(fields.emiratesIdPictures, { type: "text" })} className="input mt-1" />
            </Field>
            <Field field={fields.meetingComments} label="Meeting comments" wide>
              <textarea {...getTextareaProps(fields.meetingComments)} rows={2} className="input mt-1" />
            </Field>

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
          </>
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
