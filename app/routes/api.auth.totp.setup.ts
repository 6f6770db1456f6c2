import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { isAdminGateOpen } from "~/auth/verification.server";
import { requestAddress } from "~/http/request-address";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { confirmLinkedDevice, hasLinkedDevice, startDeviceSetup } from "~/services/authenticators.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/auth/totp/setup"];

/**
 * POST /api/auth/totp/setup → {isLinked, isAdditionalDevice, message, note, qrCodeUrl, secret}.
 * Your own account, or (admin, user management unlocked) a colleague's first device. Another
 * device is added only to your own account, with the unlocked admin gate or a fresh `token` from
 * the linked device as proof.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request);
  const body = await readJsonBody(request, contract.post.body(), { error: "Failed to setup authenticator" });
  const { userId = session.user.id, additionalDevice = false, token } = body;
  const ip = requestAddress(request);

  const gateOpen = session.user.role === "admin" && (await isAdminGateOpen(session));
  if (userId !== session.user.id && !gateOpen) {
    return Response.json(
      { error: "Only an administrator with user management unlocked can set up another user's authenticator" },
      { status: 403 },
    );
  }
  if (userId === session.user.id && additionalDevice && !gateOpen && (await hasLinkedDevice(userId))) {
    const confirmed = await confirmLinkedDevice(session.user, token ?? "", ip);
    if (!confirmed.ok) return Response.json({ error: english(confirmed.error) }, { status: confirmed.status });
  }

  const result = await startDeviceSetup({ userId, additional: additionalDevice && userId === session.user.id });
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  const { message, note } = result.response;
  return Response.json(
    { ...result.response, message: english(message), note: english(note) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
