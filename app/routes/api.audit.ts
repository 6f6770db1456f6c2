import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseAuditQuery } from "~/domain/audit-query";
import { ACCESS } from "~/domain/roles";
import { inputError } from "~/http/json-api.server";
import { listClientAudit } from "~/services/audit-log.server";

/**
 * GET /api/audit?target=client:<id>[&limit=N]: the audit entries about a client, newest first
 * (admin only, like System Logs): {data: [{at, actorId, actorName, action, target, details}]}.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.profile });
  const parsed = parseAuditQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return inputError(parsed.error, [{ path: parsed.path, message: parsed.error }]);
  return Response.json({ data: await listClientAudit(parsed.query.clientId, parsed.query.limit) });
}
