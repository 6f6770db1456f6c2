import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { addDays, businessToday } from "~/domain/calendar";
import { FOLLOW_UP_NOTE_MAX, scheduleFollowUpSchema } from "~/domain/lead-schedule";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { createFollowUp } from "~/services/follow-ups.server";
import { findLeadClient } from "~/services/leads.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: `Schedule a follow-up | ${PRODUCT_NAME}` }];

/** Back to the lead list, keeping a no-JS list (?run=) on screen. */
function leadListPath(request: Request): string {
  const run = new URL(request.url).searchParams.get("run");
  return run ? `/ai-assistant?run=${encodeURIComponent(run)}` : "/ai-assistant";
}

async function requireClient(params: LoaderFunctionArgs["params"]) {
  const client = await findLeadClient(Number(params.clientId));
  if (!client) throw new Response("Client not found", { status: 404 });
  return client;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.aiAssistant });
  const client = await requireClient(params);
  const today = businessToday();
  return { client, today, suggestedDay: addDays(today, 1), backTo: leadListPath(request) };
}

/** A lead card's Schedule: a follow-up on the client, listed on their details and the dashboard. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.aiAssistant });
  const client = await requireClient(params);
  const submission = parseWithZod(await request.formData(), { schema: scheduleFollowUpSchema(businessToday()) });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const created = await createFollowUp({
    customerId: client.id,
    dueDate: submission.value.dueDate,
    note: submission.value.note,
    createdById: user.id,
    actorName: user.name,
  });
  if (!created) throw new Response("Client not found", { status: 404 });
  return redirectWithToast(leadListPath(request), {
    type: "success",
    title: "Follow-up scheduled",
    description: `${created.clientName} on ${submission.value.dueDate}`,
  });
}

export default function ScheduleFollowUp() {
  const { client, today, suggestedDay, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `schedule-${client.id}`,
    defaultValue: { dueDate: suggestedDay, note: "" },
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleFollowUpSchema(today) }),
  });
  const saving = navigation.state === "submitting";

  const body = (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <div>
        <label htmlFor={fields.dueDate.id} className="label">
          Follow-up date
        </label>
        <input {...getInputProps(fields.dueDate, { type: "date" })} min={today} className="input mt-1" />
        <p id={fields.dueDate.errorId} className="field-error">
          {fields.dueDate.errors?.[0] ?? ""}
        </p>
      </div>
      <div>
        <label htmlFor={fields.note.id} className="label">
          Note (optional)
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          maxLength={FOLLOW_UP_NOTE_MAX}
          rows={3}
          className="input mt-1"
          placeholder="What to talk about"
        />
        <p id={fields.note.errorId} className="field-error">
          {fields.note.errors?.[0] ?? ""}
        </p>
      </div>
      <div className="flex justify-end gap-2">
        <Link to={backTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Scheduling..." : "Schedule follow-up"}
        </button>
      </div>
    </Form>
  );

  const title = "Schedule a follow-up";
  const description = `A reminder to contact ${client.fullName}. It appears on the client's details and in the dashboard's Follow-ups panel.`;

  return (
    <RouteDialog title={title} description={description} closeTo={backTo} size="sm">
      {body}
    </RouteDialog>
  );
}
