import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseJobQuery } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { inputError } from "~/http/json-api.server";
import { english } from "~/i18n/english.server";
import { listJobs } from "~/services/jobs.server";

/** GET /api/jobs?status=&type=&clientId=&showroom=&overdue=1&waiting=1&mine=1&q=&page= → {data: [job], total, counts}. Any role. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const parsed = parseJobQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    const error = english(message(MESSAGE_CODES.jobQuery));
    return inputError(error, [{ path: "query", message: error }]);
  }
  const { rows, total, counts } = await listJobs(parsed.query, new Date(), user.id);
  return Response.json({ data: rows, total, counts });
}
