import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUnlockedAdminApi } from "~/auth/admin-gate.server";
import { requestAddress } from "~/http/request-address";
import { requireMethod } from "~/http/json-api.server";
import { generateOneTimeCode } from "~/services/users.server";
import { english } from "~/i18n/english.server";

/** POST /api/users/:id/generate-otp → {otp, expiresAt}: a single-use sign-in code, shown this once. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireUnlockedAdminApi(request);
  const result = await generateOneTimeCode(session.user, params.id!, requestAddress(request));
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json(result.value, { headers: { "Cache-Control": "no-store" } });
}
