import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUnlockedAdminApi } from "~/auth/admin-gate.server";
import { requestAddress } from "~/http/request-address";
import { API_CONTRACT } from "~/http/api-contract.server";
import { methodNotAllowed, readJsonBody } from "~/http/json-api.server";
import { deleteUser, updateUser } from "~/services/users.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/users/{id}"];

/** PUT /api/users/:id (any of name, email, role, department, isActive) and DELETE /api/users/:id. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  const session = await requireUnlockedAdminApi(request);
  const id = params.id!;
  const ip = requestAddress(request);

  if (request.method === "PUT") {
    const result = await updateUser(session.user, id, await readJsonBody(request, contract.put.body()), ip);
    if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
    return Response.json({ message: "User updated successfully", user: result.value });
  }

  const result = await deleteUser(session.user, id, ip);
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ message: "User deleted successfully" });
}
