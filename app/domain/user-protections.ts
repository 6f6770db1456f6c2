import type { Role } from "./roles";

export const USER_PROTECTION_MESSAGES = {
  selfDelete: "You cannot delete your own account",
  selfDeactivate: "You cannot deactivate your own account",
  lastAdmin: "At least one active administrator must remain",
  selfAuthType: "You cannot change your own sign-in method",
  selfLastDevice: "You cannot remove your own last authenticator",
} as const;

export type UserChange = { kind: "delete" } | { kind: "update"; role: Role; isActive: boolean };

/**
 * Why a user change must be refused, or null. An admin cannot delete or deactivate their own
 * account (they would lock themself out mid-task), and no change may leave the shop without an
 * active administrator, since only an admin can manage staff.
 */
export function refuseUserChange(input: {
  actorId: string;
  target: { id: string; role: Role; isActive: boolean };
  change: UserChange;
  /** Active admins other than the target. */
  otherActiveAdmins: number;
}): string | null {
  const { actorId, target, change } = input;
  const self = actorId === target.id;
  if (change.kind === "delete" && self) return USER_PROTECTION_MESSAGES.selfDelete;
  if (change.kind === "update" && self && !change.isActive) return USER_PROTECTION_MESSAGES.selfDeactivate;
  const removesAnAdmin =
    target.role === "admin" &&
    target.isActive &&
    (change.kind === "delete" || change.role !== "admin" || !change.isActive);
  if (removesAnAdmin && input.otherActiveAdmins === 0) return USER_PROTECTION_MESSAGES.lastAdmin;
  return null;
}
