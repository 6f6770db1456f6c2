import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUnlockedAdminApi } from "~/auth/admin-gate.server";
import { clientAddress } from "~/domain/client-ip";
import { UserPatchSchema } from "~/domain/user-form";
import { deleteUser, updateUser } from "~/services/users.server";

/** PUT /api/users/:id (any of name, email, role, department, isActive) and DELETE /api/users/:id. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedAdminApi(request);
  const id = params.id!;
  const ip = clientAddress(request);

  if (request.method === "PUT") {
    const parsed = UserPatchSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      return Response.json({ error: details[0]?.message ?? "Invalid input", details }, { status: 400 });
    }
    const result = await updateUser(session.user, id, parsed.data, ip);
    if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
    return Response.json({ message: "User updated successfully", user: result.value });
  }

  if (request.method === "DELETE") {
    const result = await deleteUser(session.user, id, ip);
    if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
    return Response.json({ message: "User deleted successfully" });
  }

  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "PUT, DELETE" } });
}
