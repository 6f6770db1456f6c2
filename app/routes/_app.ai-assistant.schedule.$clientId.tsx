import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { Field } from "~/components/ui/field";
import { addDays, businessToday } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { FOLLOW_UP_NOTE_MAX, scheduleFollowUpSchema } from "~/domain/lead-schedule";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { displayName, formatDay } from "~/domain/client-display";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { usePageLocale } from "~/i18n/i18n-provider";
import { sayFieldError } from "~/i18n/messages";
import { zodMessages } from "~/i18n/zod-messages";
import { createFollowUp } from "~/services/follow-ups.server";
import { findLeadClient } from "~/services/leads.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "leads:schedule.title")} | ${PRODUCT_NAME}` },
];

/** Back to the lead list, keeping a no-JS list (?run=) on screen. */
function leadListPath(request: Request): string {
  const run = new URL(request.url).searchParams.get("run");
  return run ? `/ai-assistant?run=${encodeURIComponent(run)}` : "/ai-assistant";
}

async function requireClient(params: LoaderFunctionArgs["params"], request: Request) {
  const client = await findLeadClient(Number(params.clientId));
  if (!client) {
    const { t } = await translatorFor(request, "leads");
    throw new Response(t("leads:schedule.notFound"), { status: 404 });
  }
  return client;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.aiAssistant });
  const client = await requireClient(params, request);
  const today = businessToday();
  return { client, today, suggestedDay: addDays(today, 1), backTo: leadListPath(request) };
}

/** A lead card's Schedule: a follow-up on the client, listed on their details and the dashboard. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.aiAssistant });
  const { language, locale, t } = await translatorFor(request, "leads");
  const client = await requireClient(params, request);
  const submission = parseWithZod(await request.formData(), {
    schema: scheduleFollowUpSchema(businessToday()),
    error: zodMessages(t),
  });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const created = await createFollowUp({
    clientId: client.id,
    dueDate: submission.value.dueDate,
    note: submission.value.note,
    createdBy: user,
    ip: requestAddress(request),
  });
  if (!created) throw new Response(t("leads:schedule.notFound"), { status: 404 });
  return redirectWithToast(leadListPath(request), {
    type: "success",
    title: t("leads:schedule.scheduled"),
    description: t("leads:schedule.scheduledDescription", {
      name: displayName(client, language),
      // English keeps the day as typed (YYYY-MM-DD), as it always said it.
      day: language === "en" ? submission.value.dueDate : formatDay(submission.value.dueDate, locale),
    }),
  });
}

export default function ScheduleFollowUp() {
  const { t } = useTranslation();
  const { language } = usePageLocale();
  const { client, today, suggestedDay, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `schedule-${client.id}`,
    defaultValue: { dueDate: suggestedDay, note: "" },
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: scheduleFollowUpSchema(today), error: zodMessages(t) }),
  });
  const saving = navigation.state === "submitting";

  const body = (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Field field={fields.dueDate} label={t("leads:schedule.date")} error={sayFieldError(t, fields.dueDate.errors)}>
        {(control) => (
          <input {...getInputProps(fields.dueDate, { type: "date" })} {...control} min={today} className="input mt-1" />
        )}
      </Field>
      <Field
        field={fields.note}
        label={t("leads:schedule.note")}
        error={sayFieldError(t, fields.note.errors, { count: FOLLOW_UP_NOTE_MAX })}
      >
        {(control) => (
          <textarea
            {...getTextareaProps(fields.note)}
            {...control}
            maxLength={FOLLOW_UP_NOTE_MAX}
            rows={3}
            className="input mt-1"
            placeholder={t("leads:schedule.notePlaceholder")}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={backTo} className="btn-secondary" preventScrollReset>
          {t("leads:schedule.cancel")}
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("leads:schedule.saving") : t("leads:schedule.submit")}
        </button>
      </div>
    </Form>
  );

  const title = t("leads:schedule.title");
  const description = (
    <Trans
      i18nKey="leads:schedule.description"
      values={{ name: displayName(client, language) }}
      components={{ bdi: <bdi /> }}
    />
  );

  return (
    <RouteDialog title={title} description={description} closeTo={backTo} size="sm">
      {body}
    </RouteDialog>
  );
}
