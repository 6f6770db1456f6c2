import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";

/** The loader of a client's small post-only forms: a stray GET goes to the details, where the form lives. */
export async function clientDetailsRedirect({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  return redirect(id ? `/customers/${id}` : "/customers");
}
