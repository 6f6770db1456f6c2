import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatDay } from "~/domain/client-display";
import { PRODUCT_NAME } from "~/domain/product";
import { RETENTION_LIMITS, retentionFormSchema, SUGGESTED_CONTACT_NOTE_MONTHS } from "~/domain/retention";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { AUDIT_ACTIONS } from "~/services/audit.server";
import { lastDailyRun } from "~/services/job-lease.server";
import { planRetention, saveRetentionSettings } from "~/services/retention.server";

export const meta: MetaFunction = () => [{ title: `Data Retention | ${PRODUCT_NAME}` }];

/** Data Retention (Admin Actions): the periods the daily job applies (docs/privacy.md), and what is due now. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const [plan, lastRunDay] = await Promise.all([planRetention(), lastDailyRun("retention")]);
  return {
    settings: plan.settings,
    due: { clients: plan.clientIds.length, auditEntries: plan.auditEntries, contactNotes: plan.contactNotes },
    lastRunDay,
    runsLink: `/profile/logs?action=${AUDIT_ACTIONS.retentionRun}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const submission = parseWithZod(await request.formData(), { schema: retentionFormSchema });
  // Refused: the reply carries what was typed, so the form comes back with it (JavaScript or not).
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveRetentionSettings(submission.value, user, requestAddress(request));
  return redirectWithToast("/profile/retention", {
    type: "success",
    title: "Retention periods saved",
    description: "The daily job applies them at its next run.",
  });
}

export default function DataRetention() {
  const { settings, due, lastRunDay, runsLink } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "retention-form",
    lastResult,
    defaultValue: {
      erasedAfterDays: String(settings.erasedAfterDays),
      auditMonths: String(settings.auditMonths),
      clearContactNotes: settings.contactNoteMonths === null ? undefined : "on",
      contactNoteMonths: String(settings.contactNoteMonths ?? SUGGESTED_CONTACT_NOTE_MONTHS),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retentionFormSchema }),
  });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← Profile
        </Link>
        <h1 className="text-2xl font-semibold">Data Retention</h1>
        <p className="text-sm text-gray-600">
          How long the app keeps what it no longer needs. A job inside the app applies these periods once a day and
          records what it did in the System Logs; erasing a client cannot be undone (see the privacy notes in
          docs/privacy.md).
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <PeriodField
          field={fields.erasedAfterDays}
          limits={RETENTION_LIMITS.erasedAfterDays}
          label="Erase deleted clients after (days)"
          help="Counted from the deletion. Until then an admin can restore the client; after it the personal data is wiped and the sales stay as anonymous amounts."
        />
        <PeriodField
          field={fields.auditMonths}
          limits={RETENTION_LIMITS.auditMonths}
          label="Keep audit entries for (months)"
        />
        <fieldset>
          <legend className="label">Contact notes</legend>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.clearContactNotes, { type: "checkbox" })}
              key={fields.clearContactNotes.key}
            />
            <label htmlFor={fields.clearContactNotes.id}>Clear the note and outcome of contacts older than</label>
            <label htmlFor={fields.contactNoteMonths.id} className="sr-only">
              Months to keep contact notes
            </label>
            <input
              {...getInputProps(fields.contactNoteMonths, { type: "number" })}
              {...RETENTION_LIMITS.contactNoteMonths}
              key={fields.contactNoteMonths.key}
              className="input w-24"
            />
            <span>months</span>
          </div>
          <p className="text-xs text-gray-600">Off unless ticked; the contact itself (type, day, who) stays.</p>
          <p role="alert" id={fields.contactNoteMonths.errorId} className="field-error">
            {fields.contactNoteMonths.errors?.[0]}
          </p>
        </fieldset>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            Save
          </button>
        </div>
      </Form>
      <section className="card" aria-labelledby="retention-due">
        <h2 id="retention-due" className="mb-2 font-semibold">
          Due at the next run
        </h2>
        <ul className="space-y-1 text-sm" data-testid="retention-due">
          <li>Deleted clients to erase: {due.clients}</li>
          <li>Audit entries to prune: {due.auditEntries}</li>
          <li>Contact notes to clear: {due.contactNotes ?? "none (off)"}</li>
        </ul>
        <p className="mt-2 text-sm text-gray-600">
          Last run: {lastRunDay ? formatDay(lastRunDay) : "not yet"}.{" "}
          <Link to={runsLink} className="text-brand-700 underline">
            What each run did
          </Link>
        </p>
      </section>
    </div>
  );
}

/** One period of the form: a whole number within its bounds, with its error under it. */
function PeriodField({
  field,
  limits,
  label,
  help,
}: {
  field: FieldMetadata<unknown>;
  limits: { min: number; max: number };
  label: string;
  help?: string;
}) {
  const helpId = `${field.id}-help`;
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "number", ariaDescribedBy: help ? helpId : undefined })}
        {...limits}
        key={field.key}
        required
        className="input mt-1 w-32"
      />
      {help ? (
        <p id={helpId} className="text-xs text-gray-600">
          {help}
        </p>
      ) : null}
      <p role="alert" id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </div>
  );
}
