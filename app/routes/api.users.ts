import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUnlockedAdminApi } from "~/auth/admin-gate.server";
import { requestAddress } from "~/http/request-address";
import { userFiltersFrom } from "~/domain/user-form";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { createUser, listUsers } from "~/services/users.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/users"];

/** GET /api/users?search=&role= : the staff list, only after the admin gate (docs/product-rules.md §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUnlockedAdminApi(request);
  return Response.json(await listUsers(userFiltersFrom(new URL(request.url).searchParams)));
}

/** POST /api/users {name, email, role, department, isActive, authType} → {message, user}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireUnlockedAdminApi(request);
  const input = await readJsonBody(request, contract.post.body());
  const result = await createUser(
    session.user,
    { ...input, isActive: input.isActive ?? true },
    requestAddress(request),
  );
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ message: "User has been created and can now log in", user: result.value }, { status: 201 });
}
