import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assertSameOrigin } from "~/auth/guards.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { startSignIn } from "~/services/auth.server";

const Body = z.object({ email: z.email("Invalid email address") });

/** Step 1 of sign-in as JSON: {email} → {userId, authType}; the code goes to /api/auth/verify-totp. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  assertSameOrigin(request, "json");
  const { email } = await readJsonBody(request, Body);
  return Response.json(await startSignIn(email));
}
