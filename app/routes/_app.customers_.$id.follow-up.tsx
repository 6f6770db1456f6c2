import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { requestAddress } from "~/http/request-address";
import { Field } from "~/components/ui/field";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { addDays, businessToday } from "~/domain/calendar";
import { displayName } from "~/domain/client-display";
import { FOLLOW_UP_NOTE_MAX, scheduleFollowUpSchema } from "~/domain/lead-schedule";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { listOwnerChoices } from "~/services/client-owners.server";
import { findLeadClient } from "~/services/leads.server";
import { createFollowUp } from "~/services/follow-ups.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { sayFieldError } from "~/i18n/messages";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { refusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["clientActions", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "clientActions:followUp.title")} | ${PRODUCT_NAME}` },
];

/** Where to go after: the page that linked here (an alert's dashboard, the client's details), same site only. */
function backPath(request: Request, clientId: number): string {
  return safeRedirectPath(new URL(request.url).searchParams.get("back"), `/customers/${clientId}`);
}

/** The form: a day from today on and a note (the lead card's schedule form's rules), and who owns it. */
function followUpFormSchema(today: string) {
  return scheduleFollowUpSchema(today).extend({ ownerId: z.string().max(100).optional() });
}

async function requireClient(params: LoaderFunctionArgs["params"]) {
  const client = await findLeadClient(Number(params.id));
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  return client;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const client = await requireClient(params);
  const { language } = await translatorFor(request);
  const today = businessToday();
  return {
    client: { id: client.id, name: displayName(client, language) },
    today,
    suggestedDay: addDays(today, 1),
    back: backPath(request, client.id),
    owners: await listOwnerChoices(),
    me: user.id,
  };
}

/**
 * A follow-up from the client's details or an alert (any role): a day from today on, a note and
 * an owner (the person scheduling it unless they pick a colleague).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const client = await requireClient(params);
  const { language, t } = await translatorFor(request, "clientActions");
  // A refusal answers the form as sent (Conform's reply), so nothing typed is lost without JavaScript.
  const submission = parseWithZod(await request.formData(), {
    schema: followUpFormSchema(businessToday()),
    error: zodMessages(t),
  });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { dueDate, note, ownerId = user.id } = submission.value;
  const owners = await listOwnerChoices();
  if (!owners.some((o) => o.id === ownerId))
    return data(
      { lastResult: submission.reply({ fieldErrors: { ownerId: [MESSAGE_CODES.ownerInactive] } }) },
      { status: 400 },
    );
  const created = await createFollowUp({
    clientId: client.id,
    dueDate,
    note,
    ownerId,
    createdBy: user,
    ip: requestAddress(request),
  });
  if (!created) throw refusal(404, MESSAGE_CODES.clientNotFound);
  const ownerName = owners.find((o) => o.id === ownerId)?.name ?? user.name;
  return redirectWithToast(backPath(request, client.id), {
    type: "success",
    title: t("clientActions:followUp.scheduled"),
    description: t("clientActions:followUp.scheduledDescription", {
      name: displayName(client, language),
      date: dueDate,
      owner: ownerName,
    }),
  });
}

export default function NewFollowUp() {
  const { client, today, suggestedDay, back, owners, me } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `follow-up-${client.id}`,
    defaultValue: { dueDate: suggestedDay, ownerId: me, note: "" },
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: followUpFormSchema(today), error: zodMessages(t) }),
  });
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="text-xl font-semibold">{t("clientActions:followUp.title")}</h1>
      <p className="text-sm text-gray-600">
        <Trans i18nKey="clientActions:followUp.intro" values={{ name: client.name }} components={{ bdi: <bdi /> }} />
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <Field
          field={fields.dueDate}
          label={t("clientActions:followUp.dateLabel")}
          error={sayFieldError(t, fields.dueDate.errors)}
          errorAlert
        >
          {(control) => (
            <input
              {...getInputProps(fields.dueDate, { type: "date" })}
              {...control}
              required
              min={today}
              className="input mt-1"
            />
          )}
        </Field>
        <Field
          field={fields.ownerId}
          label={t("clientActions:followUp.ownerLabel")}
          error={sayFieldError(t, fields.ownerId.errors)}
          errorAlert
        >
          {(control) => (
            <select {...getSelectProps(fields.ownerId)} {...control} className="input mt-1">
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          field={fields.note}
          label={t("clientActions:followUp.noteLabel")}
          error={sayFieldError(t, fields.note.errors, { count: FOLLOW_UP_NOTE_MAX })}
          errorAlert
        >
          {(control) => (
            <textarea
              {...getTextareaProps(fields.note)}
              {...control}
              rows={3}
              maxLength={FOLLOW_UP_NOTE_MAX}
              className="input mt-1"
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Link to={back} className="btn-secondary">
            {t("clientActions:cancel")}
          </Link>
          <button type="submit" className="btn-primary">
            {t("clientActions:followUp.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
