import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUnlockedAdminApi } from "~/auth/admin-gate.server";
import { clientAddress } from "~/domain/client-ip";
import { UserCreateSchema, userFiltersFrom } from "~/domain/user-form";
import { createUser, listUsers } from "~/services/users.server";

/** GET /api/users?search=&role= : the staff list, only after the admin gate (spec §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUnlockedAdminApi(request);
  return Response.json(await listUsers(userFiltersFrom(new URL(request.url).searchParams)));
}

/** POST /api/users {name, email, role, department, isActive, authType} → {message, user}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const session = await requireUnlockedAdminApi(request);
  const parsed = UserCreateSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return Response.json({ error: details[0]?.message ?? "Invalid input", details }, { status: 400 });
  }
  const result = await createUser(
    session.user,
    { ...parsed.data, isActive: parsed.data.isActive ?? true },
    clientAddress(request),
  );
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ message: "User has been created and can now log in", user: result.value }, { status: 201 });
}
