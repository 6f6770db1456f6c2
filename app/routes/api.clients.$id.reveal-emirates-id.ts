import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { requireMethod } from "~/http/json-api.server";
import { english } from "~/i18n/english.server";
import { revealEmiratesId } from "~/services/emirates-id-reveal.server";

/**
 * POST /api/clients/:id/reveal-emirates-id → {emiratesId}: the full number, audited and limited
 * to 30 reveals an hour per user (429 past it). The same service as the Reveal button.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return Response.json({ error: "Client not found" }, { status: 404 });
  const result = await revealEmiratesId(id, user, requestAddress(request));
  if (!result.ok) {
    const headers: HeadersInit = result.retryAt
      ? { "Retry-After": String(Math.max(1, Math.ceil((result.retryAt.getTime() - Date.now()) / 1000))) }
      : {};
    return Response.json({ error: english(result.error) }, { status: result.status, headers });
  }
  return Response.json({ emiratesId: result.emiratesId });
}
