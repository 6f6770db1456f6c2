import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalUser } from "~/auth/guards.server";
import { homePathFor } from "~/services/auth.server";

/** "/" goes to the user's home when signed in, else to /login (docs/product-rules.md §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await optionalUser(request);
  throw redirect(session ? homePathFor(session.user.role) : "/login");
}
