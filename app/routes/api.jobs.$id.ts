import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { english } from "~/i18n/english.server";
import { listJobPhotos } from "~/services/job-photos.server";
import { getJob } from "~/services/jobs.server";

/** GET /api/jobs/:id → {data: job with payments, history, allowedMoves and photos [{id, fileName, url}]}, or 404. Any role. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const id = parseJobId(params.id);
  const job = id ? await getJob(id) : null;
  if (!job) return Response.json({ error: english(message(MESSAGE_CODES.jobNotFound)) }, { status: 404 });
  const photos = (await listJobPhotos(job.id)).map(({ id, fileName, url }) => ({ id, fileName, url }));
  return Response.json({ data: { ...job, photos } });
}
