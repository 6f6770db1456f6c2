import { requestAddress } from "~/http/request-address";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { addDays, businessToday } from "~/domain/calendar";
import { displayName } from "~/domain/client-display";
import { FOLLOW_UP_NOTE_MAX, scheduleFollowUpSchema } from "~/domain/lead-schedule";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { listOwnerChoices } from "~/services/client-owners.server";
import { findLeadClient } from "~/services/leads.server";
import { createFollowUp } from "~/services/follow-ups.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { firstIssueText } from "~/i18n/form-issues.server";
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
  const form = await request.formData();
  const parsed = scheduleFollowUpSchema(businessToday()).safeParse(
    { dueDate: formText(form, "dueDate"), note: formText(form, "note") },
    { error: zodMessages(t) },
  );
  if (!parsed.success) return data({ error: firstIssueText(t, parsed.error) }, { status: 400 });
  const owners = await listOwnerChoices();
  const ownerId = formText(form, "ownerId");
  if (ownerId && !owners.some((o) => o.id === ownerId))
    return data({ error: t("clientActions:owner.errors.inactive") }, { status: 400 });
  const created = await createFollowUp({
    clientId: client.id,
    dueDate: parsed.data.dueDate,
    note: parsed.data.note,
    ownerId: ownerId || user.id,
    createdBy: user,
    ip: requestAddress(request),
  });
  if (!created) throw refusal(404, MESSAGE_CODES.clientNotFound);
  const ownerName = owners.find((o) => o.id === (ownerId || user.id))?.name ?? user.name;
  return redirectWithToast(backPath(request, client.id), {
    type: "success",
    title: t("clientActions:followUp.scheduled"),
    description: t("clientActions:followUp.scheduledDescription", {
      name: displayName(client, language),
      date: parsed.data.dueDate,
      owner: ownerName,
    }),
  });
}

export default function NewFollowUp() {
  const { client, today, suggestedDay, back, owners, me } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="text-xl font-semibold">{t("clientActions:followUp.title")}</h1>
      <p className="text-sm text-gray-600">
        <Trans i18nKey="clientActions:followUp.intro" values={{ name: client.name }} components={{ bdi: <bdi /> }} />
      </p>
      <Form method="post" className="mt-4 space-y-3">
        <p role="alert" className="field-error">
          {actionData?.error ?? ""}
        </p>
        <Field id="follow-up-day" label={t("clientActions:followUp.dateLabel")}>
          {(control) => (
            <input
              {...control}
              name="dueDate"
              type="date"
              required
              min={today}
              defaultValue={suggestedDay}
              className="input mt-1"
            />
          )}
        </Field>
        <Field id="follow-up-owner" label={t("clientActions:followUp.ownerLabel")}>
          {(control) => (
            <select {...control} name="ownerId" defaultValue={me} className="input mt-1">
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="follow-up-note" label={t("clientActions:followUp.noteLabel")}>
          {(control) => (
            <textarea {...control} name="note" rows={3} maxLength={FOLLOW_UP_NOTE_MAX} className="input mt-1" />
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
