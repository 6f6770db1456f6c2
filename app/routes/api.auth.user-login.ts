import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assertSameOrigin } from "~/auth/guards.server";
import { startSignIn } from "~/services/auth.server";

const Body = z.object({ email: z.email("Invalid email address") });

/** Step 1 of sign-in as JSON: {email} → {userId, authType}; the code goes to /api/auth/verify-totp. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, "json");
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid input" }, { status: 400 });
  return Response.json(await startSignIn(parsed.data.email));
}
