-- One target type for a client's audit entries: see prisma/migrations/20261124090000_audit_client_target.
UPDATE "AuditLog" SET "targetType" = 'client' WHERE "targetType" = 'customer' AND "targetId" NOT LIKE '%,%';

-- CreateIndex
CREATE INDEX "AuditLog_targetType_targetId_createdAt_idx" ON "AuditLog"("targetType", "targetId", "createdAt");

