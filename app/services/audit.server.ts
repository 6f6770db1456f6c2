import { db } from "~/db.server";

/** Actions written to the audit log (System Logs filters on these). */
export const AUDIT_ACTIONS = {
  signIn: "auth.sign_in",
  signOut: "auth.sign_out",
  codeFailed: "auth.code_failed",
  locked: "auth.locked",
  adminGateUnlocked: "auth.admin_gate_unlocked",
  actionVerified: "auth.action_verified",
  deviceLinked: "auth.device_linked",
  oneTimeCodeIssued: "auth.one_time_code_issued",
  userCreated: "user.created",
  userUpdated: "user.updated",
  userDeleted: "user.deleted",
  customersDeleted: "customer.deleted",
  customersRestored: "customer.restored",
  importRun: "import.run",
  clientOwnerChanged: "client.owner_changed",
  interactionRecorded: "client.interaction_recorded",
  consentChanged: "client.consent_changed",
  followUpCreated: "follow_up.created",
  followUpUpdated: "follow_up.updated",
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export type AuditActor = { id: string; name: string } | null;

export async function writeAudit(entry: {
  actor: AuditActor;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: unknown;
  ip?: string;
}): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? "anonymous",
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      ip: entry.ip ?? null,
    },
  });
}
