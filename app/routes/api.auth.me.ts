import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request);
  return Response.json({ user });
}
