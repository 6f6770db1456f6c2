import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { ACCESS } from "~/domain/roles";
import { plainRefusal } from "~/http/page-refusals.server";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast, toastHeader, type Toast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { addJobPhoto } from "~/services/job-photos.server";

/**
 * POST /jobs/:id/photos: the job page's plain multipart form (works without JavaScript). Any role, as a
 * payment; back to the job with a toast saying it was added or why not. An unknown job is a 404.
 * With JavaScript the page sends the same form by XMLHttpRequest, for its progress bar, asking for JSON: the same
 * answer without the redirect, the refusal's status and {error}, or 201 with the toast's cookie (the page then
 * reloads its data, which shows the toast).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "jobs");
  const id = parseJobId(params.id);
  if (!id) throw await plainRefusal(request, 404, MESSAGE_CODES.jobNotFound);
  const result = await addJobPhoto(id, request, { actor: user, ip: requestAddress(request) });
  if (!result.ok && result.status === 404) throw await plainRefusal(request, 404, MESSAGE_CODES.jobNotFound);
  const here = `/jobs/${id}`;
  const script = request.headers.get("Accept") === "application/json";
  if (!result.ok) {
    const error = say(t, result.message);
    return script
      ? Response.json({ error }, { status: result.status })
      : redirectWithToast(here, { type: "error", title: error });
  }
  const toast: Toast = { type: "success", title: t("jobs:photos.uploaded"), description: result.photo.fileName };
  if (script) return Response.json({}, { status: 201, headers: { "Set-Cookie": await toastHeader(toast) } });
  return redirectWithToast(here, toast);
}

/** A GET (a refresh after a refused upload) goes back to the job. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseJobId(params.id);
  if (!id) throw await plainRefusal(request, 404, MESSAGE_CODES.jobNotFound);
  return new Response(null, { status: 303, headers: { Location: `/jobs/${id}` } });
}
