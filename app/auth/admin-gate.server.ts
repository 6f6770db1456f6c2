import { data } from "@remix-run/node";
import { ACCESS } from "~/domain/roles";
import { userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { getUser } from "~/services/users.server";
import { auditRefusal, requireApiUser, requireUser } from "./guards.server";
import type { CurrentSession } from "./session.server";
import { isAdminGateOpen } from "./verification.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { english } from "~/i18n/english.server";
import { refusal } from "~/http/page-refusals.server";

/** The refusal while user management is locked (docs/product-rules.md §2 'Admin Verification Required'). */
export const ADMIN_GATE_REQUIRED = message(MESSAGE_CODES.adminGateRequired);

export type AdminGateRefusal = { adminGate: "locked"; message: Message };

/**
 * User-management page loaders: an admin (else the role guard's 403) and whether the gate is open
 * for this session. Checking it slides the gate's idle expiry.
 */
export async function requireUserManagement(request: Request): Promise<{ session: CurrentSession; unlocked: boolean }> {
  const session = await requireUser(request, { access: ACCESS.profile });
  return { session, unlocked: await isAdminGateOpen(session) };
}

/** The one refusal of a user-management page action while the gate is closed (403). */
export function adminGateRefusal() {
  return data({ adminGate: "locked", message: ADMIN_GATE_REQUIRED } satisfies AdminGateRefusal, { status: 403 });
}

/** User-management page actions: 403 while the gate is closed. */
export async function requireUnlockedUserManagement(request: Request): Promise<CurrentSession> {
  const { session, unlocked } = await requireUserManagement(request);
  if (!unlocked) {
    await auditRefusal(request, "admin_gate", session.user);
    throw adminGateRefusal();
  }
  return session;
}

/** The /api/users routes: 401/403 JSON for non-admins, and 403 while the gate is closed. */
export async function requireUnlockedAdminApi(request: Request): Promise<CurrentSession> {
  const session = await requireApiUser(request, { access: ACCESS.profile });
  if (!(await isAdminGateOpen(session))) {
    await auditRefusal(request, "admin_gate", session.user);
    throw Response.json({ error: english(ADMIN_GATE_REQUIRED) }, { status: 403 });
  }
  return session;
}

/**
 * The loader of a dialog about one staff member (delete, one-time code): 403 while the gate is
 * locked, 404 for an unknown user, else who they are and the list filters to go back to.
 */
export async function loadManagedUserDialog(request: Request, userId: string) {
  const { unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  const user = await getUser(userId);
  if (!user) throw refusal(404, MESSAGE_CODES.userNotFound);
  return {
    locked: false as const,
    user: { id: user.id, name: user.name, email: user.email },
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
  };
}
