import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { jobFailureResponse } from "~/http/job-api.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { createJob } from "~/services/jobs.server";
import { readShopLists } from "~/services/shop-lists.server";

const contract = API_CONTRACT["/api/clients/{id}/jobs"];

/**
 * POST /api/clients/:id/jobs {type, description, promisedDate, price?, showroom?, items?, deposit?, buyerId?}
 * → 201 {data: job}. Any role, for a client in the book (every role sees every client).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return Response.json({ error: english(message(MESSAGE_CODES.jobClient)) }, { status: 404 });
  const input = await readJsonBody(request, contract.post.body(await readShopLists()));
  const result = await createJob(id, input, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return jobFailureResponse(result);
  return Response.json({ data: result.job }, { status: 201 });
}
