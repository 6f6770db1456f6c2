import type { Role } from "./roles";
import { MESSAGE_CODES, type MessageCode } from "./message-codes";

export const USER_PROTECTION_MESSAGES = {
  selfDelete: MESSAGE_CODES.selfDelete,
  selfDeactivate: MESSAGE_CODES.selfDeactivate,
  lastAdmin: MESSAGE_CODES.lastAdmin,
  selfAuthType: MESSAGE_CODES.selfAuthType,
  selfLastDevice: MESSAGE_CODES.selfLastDevice,
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
}): MessageCode | null {
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
