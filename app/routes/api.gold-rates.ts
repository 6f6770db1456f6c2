import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { appTimezone } from "~/domain/calendar";
import { parseGoldRateRange } from "~/domain/gold-rates";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { listGoldRates, recordGoldRate } from "~/services/gold-rates.server";

const contract = API_CONTRACT["/api/gold-rates"];

/** GET /api/gold-rates?from=YYYY-MM-DD&to=YYYY-MM-DD → {data: [entries newest first]}. Any signed-in staff. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const range = parseGoldRateRange(new URL(request.url).searchParams, appTimezone());
  if (!range.ok) {
    const error = english(range.error);
    return inputError(error, [{ path: "", message: error }]);
  }
  return Response.json({ data: await listGoldRates(range) });
}

/**
 * POST /api/gold-rates {rates: {"24", "22", "21", "18", platinum?, silver?}, effectiveAt?} → 201 {data}.
 * Admins only; a missing or non-positive rate is a 400 naming it (`rates.22`).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.profile });
  const input = await readJsonBody(request, contract.post.body());
  const data = await recordGoldRate(user, input, requestAddress(request));
  return Response.json({ data }, { status: 201 });
}
