import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assertSameOrigin } from "~/auth/guards.server";
import { startSignIn } from "~/services/auth.server";

const Body = z.object({ email: z.email("Invalid email address"), password: z.string().optional() });

/**
 * The spec's login call. There are no passwords (any `password` is ignored), so it never signs
 * in directly: it always answers with the code step (directLogin false).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, "json");
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid credentials" }, { status: 400 });
  const { userId, authType } = await startSignIn(parsed.data.email);
  return Response.json({ directLogin: false, requiresOtp: true, userId, authType });
}
