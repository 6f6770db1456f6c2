import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/auth/guards.server";
import { completeSignIn } from "~/services/auth.server";

/** Sign-in by phone number and authenticator code ({phoneNumber, token}) for users with a phone on file. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, "json");
  const result = await completeSignIn(request);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ user: result.signedIn.user }, { headers: { "Set-Cookie": result.setCookie } });
}
