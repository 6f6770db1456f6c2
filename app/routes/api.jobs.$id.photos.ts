import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { inputError, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { addJobPhoto } from "~/services/job-photos.server";

/**
 * POST /api/jobs/:id/photos (multipart, the file in `photo`) → 201 {data: {id, fileName, contentType, bytes, url}}.
 * Any role, as a payment. Not JPEG/PNG/WebP by its bytes, or a sixth → 400; over 5 MB → 413; nothing stored.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const id = parseJobId(params.id);
  if (!id) return Response.json({ error: english(message(MESSAGE_CODES.jobNotFound)) }, { status: 404 });
  const result = await addJobPhoto(id, request, { actor: user, ip: requestAddress(request) });
  if (!result.ok) {
    const error = english(result.message);
    if (result.status === 400 || result.status === 413)
      return inputError(error, [{ path: result.path, message: error }], result.status);
    return Response.json({ error }, { status: result.status });
  }
  return Response.json({ data: result.photo }, { status: 201 });
}
