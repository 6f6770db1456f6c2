import { formText } from "~/http/form-text";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import {
  COUNTRY_LABELS,
  EMIRATE_LABELS,
  LEAD_LOCATIONS,
  TEAM_LABELS,
  TEAMS,
  type Country,
  type Emirate,
} from "~/domain/client-enums";
import {
  LeadFiltersSchema,
  LOCATION_REQUIRED,
  PURCHASE_DATE_FILTER_LABELS,
  PURCHASE_DATE_FILTERS,
  type LeadFilters,
} from "~/domain/lead-filters";
import type { LeadFormValues } from "~/domain/lead-storage";

export const LEAD_FILTER_FORM_ID = "lead-filters";

const locationLabel = (location: string) =>
  location === "uae"
    ? "All UAE (every emirate)"
    : (EMIRATE_LABELS[location as Emirate] ?? COUNTRY_LABELS[location as Country] ?? location);

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
}) {
  const [form, fields] = useForm({
    id: LEAD_FILTER_FORM_ID,
    defaultValue: props.defaultValue,
    lastResult: props.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeadFiltersSchema }),
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
      <div>
        <label htmlFor={fields.location.id} className="label">
          Location
        </label>
        <select {...getSelectProps(fields.location)} aria-required="true" className="input mt-1">
          <option value="">Select a location</option>
          {LEAD_LOCATIONS.map((location) => (
            <option key={location} value={location}>
              {locationLabel(location)}
            </option>
          ))}
        </select>
        <p id={fields.location.errorId} className="field-error">
          {fields.location.errors ? `${LOCATION_REQUIRED.title}: ${LOCATION_REQUIRED.description}` : ""}
        </p>
      </div>
      <div>
        <label htmlFor={fields.team.id} className="label">
          Team
        </label>
        <select {...getSelectProps(fields.team)} className="input mt-1">
          <option value="">All teams</option>
          {TEAMS.map((team) => (
            <option key={team} value={team}>
              {TEAM_LABELS[team]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={fields.purchaseDateFilter.id} className="label">
          Last purchase
        </label>
        <select {...getSelectProps(fields.purchaseDateFilter)} className="input mt-1">
          <option value="">Any time</option>
          {PURCHASE_DATE_FILTERS.filter((f) => f !== "none").map((filter) => (
            <option key={filter} value={filter}>
              {PURCHASE_DATE_FILTER_LABELS[filter]}
            </option>
          ))}
        </select>
      </div>
      <div className={showCustomDate ? "" : "hidden"}>
        <label htmlFor={fields.customDateFrom.id} className="label">
          Last purchase before{props.hydrated ? "" : " (for a custom date)"}
        </label>
        <input {...getInputProps(fields.customDateFrom, { type: "date" })} className="input mt-1" />
        <p id={fields.customDateFrom.errorId} className="field-error">
          {fields.customDateFrom.errors?.[0] ?? ""}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2 lg:col-span-4">
        <input type="checkbox" name="includeContacted" />
        Include clients contacted in the last 7 days
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary" disabled={props.generating}>
          {props.generating ? "Generating..." : "Generate AI Leads"}
        </button>
        {props.generating ? (
          <span role="status" className="text-sm text-gray-700">
            Generating leads: this can take up to 2 minutes.
          </span>
        ) : null}
      </div>
    </Form>
  );
}
