import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { ACCESS } from "~/domain/roles";
import { plainRefusal } from "~/http/page-refusals.server";
import { readJobPhoto } from "~/services/job-photos.server";

/**
 * GET /job-photos/:id: a job's photo for whoever may open the job's page (the same guard; its client in the
 * book). Its stored type, never sniffed by the browser, kept in the browser's own cache only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  // Photo ids are read as job ids are: a positive integer in range.
  const id = parseJobId(params.id);
  const photo = id ? await readJobPhoto(id) : null;
  if (!photo) throw await plainRefusal(request, 404, MESSAGE_CODES.jobPhotoNotFound);
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.length),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=3600",
    },
  });
}
