-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "role" TEXT NOT NULL DEFAULT 'sales_front',
    "department" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "authType" TEXT NOT NULL DEFAULT 'totp',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AuthenticatorDevice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "secretEncrypted" TEXT NOT NULL,
    "verifiedAt" DATETIME,
    "lastUsedStep" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuthenticatorDevice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OneTimeCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OneTimeCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "adminUnlockedUntil" DATETIME,
    "actionVerifiedUntil" DATETIME,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuthAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "ip" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "success" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "fullName" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "mobileNumber" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'uae',
    "emirate" TEXT NOT NULL DEFAULT 'dubai',
    "area" TEXT,
    "totalSalesFils" BIGINT NOT NULL DEFAULT 0,
    "tier" TEXT NOT NULL DEFAULT 'bronze',
    "lastPurchaseDate" DATETIME,
    "team" TEXT,
    "dateOfBirth" DATETIME,
    "birthMonthDay" INTEGER,
    "email" TEXT,
    "emiratesId" TEXT,
    "emiratesIdExpiry" DATETIME,
    "emiratesIdPicture" TEXT,
    "emiratesIdPictures" TEXT,
    "pepStatus" TEXT,
    "anniversaryType" TEXT,
    "anniversaryDate" DATETIME,
    "anniversaryMonthDay" INTEGER,
    "preferredTime" TEXT,
    "preferredCollection" TEXT,
    "meetingComments" TEXT,
    "contactOk" TEXT,
    "category" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME,
    "deletedById" TEXT
);

-- CreateTable
CREATE TABLE "Sale" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "customerId" INTEGER NOT NULL,
    "saleDate" DATETIME NOT NULL,
    "amountFils" BIGINT NOT NULL,
    "description" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Sale_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FollowUp" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "customerId" INTEGER NOT NULL,
    "dueDate" DATETIME NOT NULL,
    "note" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" DATETIME,
    CONSTRAINT "FollowUp_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ImportRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "userId" TEXT,
    "fileName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "processedRows" INTEGER NOT NULL DEFAULT 0,
    "imported" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "skippedJson" TEXT NOT NULL DEFAULT '[]',
    "errorsJson" TEXT NOT NULL DEFAULT '[]',
    "message" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "ImportRun_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LeadRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "filtersJson" TEXT NOT NULL,
    "leadsJson" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "notice" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LeadRun_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "details" TEXT,
    "ip" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_phone_key" ON "User"("phone");

-- CreateIndex
CREATE INDEX "User_role_idx" ON "User"("role");

-- CreateIndex
CREATE INDEX "AuthenticatorDevice_userId_idx" ON "AuthenticatorDevice"("userId");

-- CreateIndex
CREATE INDEX "OneTimeCode_userId_usedAt_idx" ON "OneTimeCode"("userId", "usedAt");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "AuthAttempt_userId_success_createdAt_idx" ON "AuthAttempt"("userId", "success", "createdAt");

-- CreateIndex
CREATE INDEX "AuthAttempt_ip_success_createdAt_idx" ON "AuthAttempt"("ip", "success", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_mobileNumber_key" ON "Customer"("mobileNumber");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_fullName_idx" ON "Customer"("deletedAt", "fullName");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_searchText_idx" ON "Customer"("deletedAt", "searchText");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_tier_idx" ON "Customer"("deletedAt", "tier");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_emirate_idx" ON "Customer"("deletedAt", "emirate");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_country_idx" ON "Customer"("deletedAt", "country");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_team_idx" ON "Customer"("deletedAt", "team");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_lastPurchaseDate_idx" ON "Customer"("deletedAt", "lastPurchaseDate");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_birthMonthDay_idx" ON "Customer"("deletedAt", "birthMonthDay");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_anniversaryMonthDay_idx" ON "Customer"("deletedAt", "anniversaryMonthDay");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_emiratesIdExpiry_idx" ON "Customer"("deletedAt", "emiratesIdExpiry");

-- CreateIndex
CREATE INDEX "Sale_customerId_saleDate_idx" ON "Sale"("customerId", "saleDate");

-- CreateIndex
CREATE INDEX "FollowUp_doneAt_dueDate_idx" ON "FollowUp"("doneAt", "dueDate");

-- CreateIndex
CREATE INDEX "FollowUp_customerId_idx" ON "FollowUp"("customerId");

-- CreateIndex
CREATE INDEX "ImportRun_kind_status_finishedAt_idx" ON "ImportRun"("kind", "status", "finishedAt");

-- CreateIndex
CREATE INDEX "ImportRun_userId_startedAt_idx" ON "ImportRun"("userId", "startedAt");

-- CreateIndex
CREATE INDEX "LeadRun_userId_createdAt_idx" ON "LeadRun"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_action_createdAt_idx" ON "AuditLog"("action", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_createdAt_idx" ON "AuditLog"("actorId", "createdAt");
