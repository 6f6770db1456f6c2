import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatDay } from "~/domain/client-display";
import { PRODUCT_NAME } from "~/domain/product";
import { RETENTION_LIMITS, retentionFormSchema, SUGGESTED_CONTACT_NOTE_MONTHS } from "~/domain/retention";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { AUDIT_ACTIONS } from "~/services/audit.server";
import { lastDailyRun } from "~/services/job-lease.server";
import { planRetention, saveRetentionSettings } from "~/services/retention.server";

export const meta: MetaFunction = () => [{ title: `Data Retention | ${PRODUCT_NAME}` }];

type FieldName = "erasedAfterDays" | "auditMonths" | "contactNoteMonths";
type Refusal = { field: FieldName; error: string };

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
  const form = await request.formData();
  const parsed = retentionFormSchema.safeParse({
    erasedAfterDays: formText(form, "erasedAfterDays"),
    auditMonths: formText(form, "auditMonths"),
    clearContactNotes: form.get("clearContactNotes") === "on" ? "on" : undefined,
    contactNoteMonths: formText(form, "contactNoteMonths"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data<Refusal>({ field: issue.path[0] as FieldName, error: issue.message }, { status: 400 });
  }
  await saveRetentionSettings(parsed.data, user, requestAddress(request));
  return redirectWithToast("/profile/retention", {
    type: "success",
    title: "Retention periods saved",
    description: "The daily job applies them at its next run.",
  });
}

export default function DataRetention() {
  const { settings, due, lastRunDay, runsLink } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const errorOf = (field: FieldName) => (refused?.field === field ? refused.error : "");
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
      <Form method="post" className="card space-y-4">
        <PeriodField
          id="retention-deleted"
          name="erasedAfterDays"
          label="Erase deleted clients after (days)"
          help="Counted from the deletion. Until then an admin can restore the client; after it the personal data is wiped and the sales stay as anonymous amounts."
          defaultValue={settings.erasedAfterDays}
          error={errorOf("erasedAfterDays")}
        />
        <PeriodField
          id="retention-audit"
          name="auditMonths"
          label="Keep audit entries for (months)"
          defaultValue={settings.auditMonths}
          error={errorOf("auditMonths")}
        />
        <fieldset>
          <legend className="label">Contact notes</legend>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <input
              id="retention-notes-on"
              name="clearContactNotes"
              type="checkbox"
              defaultChecked={settings.contactNoteMonths !== null}
            />
            <label htmlFor="retention-notes-on">Clear the note and outcome of contacts older than</label>
            <label htmlFor="retention-notes" className="sr-only">
              Months to keep contact notes
            </label>
            <input
              id="retention-notes"
              name="contactNoteMonths"
              type="number"
              {...RETENTION_LIMITS.contactNoteMonths}
              defaultValue={settings.contactNoteMonths ?? SUGGESTED_CONTACT_NOTE_MONTHS}
              className="input w-24"
            />
            <span>months</span>
          </div>
          <p className="text-xs text-gray-600">Off unless ticked; the contact itself (type, day, who) stays.</p>
          <p role="alert" className="field-error">
            {errorOf("contactNoteMonths")}
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
  id,
  name,
  label,
  help,
  defaultValue,
  error,
}: {
  id: string;
  name: "erasedAfterDays" | "auditMonths";
  label: string;
  help?: string;
  defaultValue: number;
  error: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        required
        {...RETENTION_LIMITS[name]}
        defaultValue={defaultValue}
        aria-describedby={help ? `${id}-help` : undefined}
        className="input mt-1 w-32"
      />
      {help ? (
        <p id={`${id}-help`} className="text-xs text-gray-600">
          {help}
        </p>
      ) : null}
      <p role="alert" className="field-error">
        {error}
      </p>
    </div>
  );
}
