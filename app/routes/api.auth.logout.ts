import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/auth/guards.server";
import { requireMethod } from "~/http/json-api.server";
import { signOut } from "~/services/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  assertSameOrigin(request, "json");
  const clear = await signOut(request);
  return Response.json({ success: true, message: "Successfully logged out" }, { headers: { "Set-Cookie": clear } });
}
