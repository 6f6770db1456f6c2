import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { useAdminGate } from "~/auth/verification.server";
import { clientAddress } from "~/domain/client-ip";
import { verifyDeviceSetup } from "~/services/authenticators.server";

const Body = z.object({ phoneNumber: z.string().optional(), userId: z.string().min(1).optional(), token: z.string() });

/** POST /api/auth/totp/verify-setup {token[, userId]}: links the pending device once its code verifies. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireApiUser(request);
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "Please enter all 6 digits" }, { status: 400 });
  const userId = parsed.data.userId ?? session.user.id;
  if (userId !== session.user.id && !(session.user.role === "admin" && (await useAdminGate(session)))) {
    return Response.json(
      { error: "Only an administrator with user management unlocked can set up another user's authenticator" },
      { status: 403 },
    );
  }
  const result = await verifyDeviceSetup({
    userId,
    token: parsed.data.token,
    ip: clientAddress(request),
    actor: session.user,
  });
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ isLinked: true, message: "New device has been added successfully", label: result.label });
}
