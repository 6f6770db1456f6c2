-- Consent per channel (docs/decisions/010): the current status on the client, the history in ClientConsent.
ALTER TABLE "Customer" ADD COLUMN "consentWhatsapp" TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE "Customer" ADD COLUMN "consentCall" TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE "Customer" ADD COLUMN "consentEmail" TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE "Customer" ADD COLUMN "consentSms" TEXT NOT NULL DEFAULT 'unknown';

-- CreateTable
CREATE TABLE "ClientConsent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "customerId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "recordedById" TEXT,
    "recordedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ClientConsent_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClientConsent_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ClientConsent_customerId_channel_recordedAt_idx" ON "ClientConsent"("customerId", "channel", "recordedAt");

-- The existing "OK to Contact" answer is every channel's consent: Yes grants, No withdraws.
UPDATE "Customer" SET "consentWhatsapp" = 'granted', "consentCall" = 'granted', "consentEmail" = 'granted', "consentSms" = 'granted'
WHERE lower("contactOk") = 'yes';
UPDATE "Customer" SET "consentWhatsapp" = 'withdrawn', "consentCall" = 'withdrawn', "consentEmail" = 'withdrawn', "consentSms" = 'withdrawn'
WHERE lower("contactOk") = 'no';
INSERT INTO "ClientConsent" ("id", "customerId", "channel", "status", "source", "recordedById", "recordedAt")
SELECT 'contactok-' || c."id" || '-' || ch."channel", c."id", ch."channel",
       CASE WHEN lower(c."contactOk") = 'yes' THEN 'granted' ELSE 'withdrawn' END,
       CASE WHEN c."source" = 'manual' THEN 'form' ELSE 'import' END,
       NULL, c."createdAt"
FROM "Customer" c
CROSS JOIN (SELECT 'whatsapp' AS "channel" UNION ALL SELECT 'call' UNION ALL SELECT 'email' UNION ALL SELECT 'sms') ch
WHERE lower(c."contactOk") IN ('yes', 'no');
