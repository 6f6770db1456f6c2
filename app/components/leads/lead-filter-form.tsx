import { formText } from "~/http/form-text";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LEAD_LOCATIONS } from "~/domain/client-enums";
import { nameIn } from "~/domain/messages";
import type { ShopChoice } from "~/domain/shop-lists";
import {
  LeadFiltersSchema,
  PURCHASE_DATE_FILTERS,
  type LeadFilters,
  type PurchaseDateFilter,
} from "~/domain/lead-filters";
import type { LeadFormValues } from "~/domain/lead-storage";
import { sayFieldError } from "~/i18n/messages";
import { zodMessages } from "~/i18n/zod-messages";
import { Field } from "~/components/ui/field";
import { LOCATION_KEYS } from "./lead-keys";

export const LEAD_FILTER_FORM_ID = "lead-filters";

/** Catalog keys written out, so the catalog check sees each one used. */
const PURCHASE_FILTER_KEYS: Record<Exclude<PurchaseDateFilter, "none">, string> = {
  "3months": "leads:purchaseFilters.3months",
  "6months": "leads:purchaseFilters.6months",
  "12months": "leads:purchaseFilters.12months",
  custom: "leads:purchaseFilters.custom",
};

export function leadFormValuesOf(form: HTMLFormElement): LeadFormValues {
  const data = new FormData(form);
  const text = (name: keyof LeadFormValues) => formText(data, name);
  return {
    location: text("location"),
    team: text("team"),
    purchaseDateFilter: text("purchaseDateFilter"),
    customDateFrom: text("customDateFrom"),
  };
}

/**
 * The lead filters (docs/product-rules.md §2 AI Assistant). Without JavaScript a plain post to the page's action;
 * with it, `onGenerate` receives the validated filters. Missing location toasts the spec's text.
 */
export function LeadFilterForm(props: {
  defaultValue: LeadFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  hydrated: boolean;
  generating: boolean;
  onGenerate: (filters: LeadFilters) => void;
  onMissingLocation: () => void;
  onValuesChange: (values: LeadFormValues) => void;
  /** The shop's teams, inactive ones too (past teams' clients are still leads). */
  teams: readonly ShopChoice[];
}) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useForm({
    id: LEAD_FILTER_FORM_ID,
    defaultValue: props.defaultValue,
    lastResult: props.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeadFiltersSchema, error: zodMessages(t) }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") props.onGenerate(submission.value);
    },
  });
  const formProps = getFormProps(form);
  const showCustomDate = !props.hydrated || fields.purchaseDateFilter.value === "custom";

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!leadFormValuesOf(event.currentTarget).location) props.onMissingLocation();
    formProps.onSubmit(event);
  }

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={submit}
      onChange={(e) => props.onValuesChange(leadFormValuesOf(e.currentTarget))}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <input type="hidden" name="intent" value="generate" />
      <Field field={fields.location} label={t("leads:form.location")} error={sayFieldError(t, fields.location.errors)}>
        {(control) => (
          <select {...getSelectProps(fields.location)} {...control} aria-required="true" className="input mt-1">
            <option value="">{t("leads:form.selectLocation")}</option>
            {LEAD_LOCATIONS.map((location) => (
              <option key={location} value={location}>
                {location === "uae" ? t("leads:form.allUae") : t(LOCATION_KEYS[location]!)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fields.team.id} label={t("leads:form.team")}>
        {(control) => (
          <select {...getSelectProps(fields.team)} {...control} className="input mt-1">
            <option value="">{t("leads:form.allTeams")}</option>
            {props.teams.map((team) => (
              <option key={team.key} value={team.key}>
                {nameIn(i18n.language, team)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fields.purchaseDateFilter.id} label={t("leads:form.lastPurchase")}>
        {(control) => (
          <select {...getSelectProps(fields.purchaseDateFilter)} {...control} className="input mt-1">
            <option value="">{t("leads:form.anyTime")}</option>
            {PURCHASE_DATE_FILTERS.filter((f) => f !== "none").map((filter) => (
              <option key={filter} value={filter}>
                {t(PURCHASE_FILTER_KEYS[filter])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        field={fields.customDateFrom}
        label={
          <>
            {t("leads:form.before")}
            {props.hydrated ? "" : t("leads:form.forCustomDate")}
          </>
        }
        error={sayFieldError(t, fields.customDateFrom.errors)}
        className={showCustomDate ? "" : "hidden"}
      >
        {(control) => (
          <input {...getInputProps(fields.customDateFrom, { type: "date" })} {...control} className="input mt-1" />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm sm:col-span-2 lg:col-span-4">
        <input type="checkbox" name="includeContacted" />
        {t("leads:form.includeContacted")}
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary" disabled={props.generating}>
          {props.generating ? t("leads:form.generating") : t("leads:form.generate")}
        </button>
        {props.generating ? (
          <span role="status" className="text-sm text-gray-700">
            {t("leads:form.generatingStatus")}
          </span>
        ) : null}
      </div>
    </Form>
  );
}
