import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Field, FieldGroup } from "~/components/ui/field";
import { requireUser } from "~/auth/guards.server";
import { formatDay } from "~/domain/client-display";
import { PRODUCT_NAME } from "~/domain/product";
import { RETENTION_LIMITS, retentionFormSchema, SUGGESTED_CONTACT_NOTE_MONTHS } from "~/domain/retention";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import { AUDIT_ACTIONS } from "~/services/audit.server";
import { lastDailyRun } from "~/services/job-lease.server";
import { planRetention, saveRetentionSettings } from "~/services/retention.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["profile", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "profile:retention.title")} | ${PRODUCT_NAME}` },
];

/** Data Retention (Admin Actions): the periods the daily job applies (docs/privacy.md), and what is due now. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const [plan, lastRunDay, { locale }] = await Promise.all([
    planRetention(),
    lastDailyRun("retention"),
    translatorFor(request, "profile"),
  ]);
  return {
    settings: plan.settings,
    due: { clients: plan.clientIds.length, auditEntries: plan.auditEntries, contactNotes: plan.contactNotes },
    lastRun: lastRunDay ? formatDay(lastRunDay, locale) : null,
    runsLink: `/profile/logs?action=${AUDIT_ACTIONS.retentionRun}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const { t } = await translatorFor(request, "profile");
  const submission = parseWithZod(await request.formData(), {
    schema: retentionFormSchema(t),
    error: zodMessages(t),
  });
  // Refused: the reply carries what was typed, so the form comes back with it (JavaScript or not).
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveRetentionSettings(submission.value, user, requestAddress(request));
  return redirectWithToast("/profile/retention", {
    type: "success",
    title: t("profile:retention.saved"),
    description: t("profile:retention.savedDescription"),
  });
}

export default function DataRetention() {
  const { settings, due, lastRun, runsLink } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const { t } = useTranslation();
  const schema = useMemo(() => retentionFormSchema(t), [t]);
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: zodMessages(t) }),
  });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← {t("profile:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("profile:retention.title")}</h1>
        <p className="text-sm text-gray-600">
          <Trans i18nKey="profile:retention.intro" components={{ code: <code /> }} />
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <PeriodField
          field={fields.erasedAfterDays}
          limits={RETENTION_LIMITS.erasedAfterDays}
          label={t("profile:retention.erasedAfterDays")}
          help={t("profile:retention.erasedAfterDaysHelp")}
        />
        <PeriodField
          field={fields.auditMonths}
          limits={RETENTION_LIMITS.auditMonths}
          label={t("profile:retention.auditMonths")}
        />
        <FieldGroup
          field={fields.contactNoteMonths}
          legend={t("profile:retention.contactNotes")}
          hint={t("profile:retention.notesHelp")}
          error={fields.contactNoteMonths.errors?.[0]}
          errorAlert
        >
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.clearContactNotes, { type: "checkbox" })}
              key={fields.clearContactNotes.key}
            />
            <label htmlFor={fields.clearContactNotes.id}>{t("profile:retention.clearNotes")}</label>
            <label htmlFor={fields.contactNoteMonths.id} className="sr-only">
              {t("profile:retention.noteMonths")}
            </label>
            <input
              {...getInputProps(fields.contactNoteMonths, { type: "number" })}
              {...RETENTION_LIMITS.contactNoteMonths}
              key={fields.contactNoteMonths.key}
              className="input w-24"
            />
            <span>{t("profile:retention.months")}</span>
          </div>
        </FieldGroup>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {t("profile:retention.save")}
          </button>
        </div>
      </Form>
      <section className="card" aria-labelledby="retention-due">
        <h2 id="retention-due" className="mb-2 font-semibold">
          {t("profile:retention.due")}
        </h2>
        <ul className="space-y-1 text-sm" data-testid="retention-due">
          <li>{t("profile:retention.dueClients", { n: due.clients })}</li>
          <li>{t("profile:retention.dueAudit", { n: due.auditEntries })}</li>
          <li>
            {due.contactNotes === null
              ? t("profile:retention.dueNotesOff")
              : t("profile:retention.dueNotes", { n: due.contactNotes })}
          </li>
        </ul>
        <p className="mt-2 text-sm text-gray-600">
          {lastRun ? t("profile:retention.lastRun", { day: lastRun }) : t("profile:retention.notRunYet")}{" "}
          <Link to={runsLink} className="text-brand-700 underline">
            {t("profile:retention.runs")}
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
  return (
    <Field field={field} label={label} hint={help} error={field.errors?.[0]} errorAlert>
      {(control) => (
        <input
          {...getInputProps(field, { type: "number" })}
          {...control}
          {...limits}
          key={field.key}
          required
          className="input mt-1 w-32"
        />
      )}
    </Field>
  );
}
