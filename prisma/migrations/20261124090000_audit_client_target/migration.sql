-- One target type for a client's audit entries (docs/decisions/014-emirates-id-masking.md): entries
-- about one client written as "customer" become "client". Entries about several clients at once
-- (a bulk delete, restore or owner change before this release) keep "customer" and their
-- comma-separated ids; the client filter reads them too (app/services/client-audit.server.ts).
UPDATE "AuditLog" SET "targetType" = 'client' WHERE "targetType" = 'customer' AND "targetId" NOT LIKE '%,%';

-- CreateIndex
CREATE INDEX "AuditLog_targetType_targetId_createdAt_idx" ON "AuditLog"("targetType", "targetId", "createdAt");
