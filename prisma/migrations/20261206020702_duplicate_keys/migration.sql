-- CreateTable
CREATE TABLE "ClientDuplicatePair" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "lowCustomerId" INTEGER NOT NULL,
    "highCustomerId" INTEGER NOT NULL,
    "reasons" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "dismissedAt" DATETIME,
    "dismissedById" TEXT,
    CONSTRAINT "ClientDuplicatePair_lowCustomerId_fkey" FOREIGN KEY ("lowCustomerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClientDuplicatePair_highCustomerId_fkey" FOREIGN KEY ("highCustomerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Customer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "fullName" TEXT NOT NULL,
    "fullNameAr" TEXT,
    "preferredLanguage" TEXT NOT NULL DEFAULT 'en',
    "nameSortKey" TEXT NOT NULL DEFAULT '',
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
    "deletedById" TEXT,
    "erasedAt" DATETIME,
    "erasedById" TEXT,
    "ownerId" TEXT,
    "lastContactAt" DATETIME,
    "lastContactType" TEXT,
    "lastContactById" TEXT,
    "consentWhatsapp" TEXT NOT NULL DEFAULT 'unknown',
    "consentCall" TEXT NOT NULL DEFAULT 'unknown',
    "consentEmail" TEXT NOT NULL DEFAULT 'unknown',
    "consentSms" TEXT NOT NULL DEFAULT 'unknown',
    "ringSize" TEXT,
    "bangleSize" TEXT,
    "preferredMetals" TEXT,
    "preferredStones" TEXT,
    "styles" TEXT,
    "budgetBand" TEXT,
    "dupEmiratesIdKey" TEXT,
    "dupEmailKey" TEXT,
    "dupNameKey" TEXT,
    "dupArabicNameKey" TEXT,
    "dupKeysVersion" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Customer_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Customer" ("anniversaryDate", "anniversaryMonthDay", "anniversaryType", "area", "bangleSize", "birthMonthDay", "budgetBand", "category", "consentCall", "consentEmail", "consentSms", "consentWhatsapp", "contactOk", "country", "createdAt", "createdById", "dateOfBirth", "deletedAt", "deletedById", "email", "emirate", "emiratesId", "emiratesIdExpiry", "emiratesIdPicture", "emiratesIdPictures", "erasedAt", "erasedById", "fullName", "fullNameAr", "id", "isActive", "lastContactAt", "lastContactById", "lastContactType", "lastPurchaseDate", "meetingComments", "mobileNumber", "nameSortKey", "ownerId", "pepStatus", "preferredCollection", "preferredLanguage", "preferredMetals", "preferredStones", "preferredTime", "ringSize", "searchText", "source", "styles", "team", "tier", "totalSalesFils", "updatedAt") SELECT "anniversaryDate", "anniversaryMonthDay", "anniversaryType", "area", "bangleSize", "birthMonthDay", "budgetBand", "category", "consentCall", "consentEmail", "consentSms", "consentWhatsapp", "contactOk", "country", "createdAt", "createdById", "dateOfBirth", "deletedAt", "deletedById", "email", "emirate", "emiratesId", "emiratesIdExpiry", "emiratesIdPicture", "emiratesIdPictures", "erasedAt", "erasedById", "fullName", "fullNameAr", "id", "isActive", "lastContactAt", "lastContactById", "lastContactType", "lastPurchaseDate", "meetingComments", "mobileNumber", "nameSortKey", "ownerId", "pepStatus", "preferredCollection", "preferredLanguage", "preferredMetals", "preferredStones", "preferredTime", "ringSize", "searchText", "source", "styles", "team", "tier", "totalSalesFils", "updatedAt" FROM "Customer";
DROP TABLE "Customer";
ALTER TABLE "new_Customer" RENAME TO "Customer";
CREATE UNIQUE INDEX "Customer_mobileNumber_key" ON "Customer"("mobileNumber");
CREATE INDEX "Customer_deletedAt_fullName_idx" ON "Customer"("deletedAt", "fullName");
CREATE INDEX "Customer_deletedAt_searchText_idx" ON "Customer"("deletedAt", "searchText");
CREATE INDEX "Customer_deletedAt_tier_idx" ON "Customer"("deletedAt", "tier");
CREATE INDEX "Customer_deletedAt_emirate_idx" ON "Customer"("deletedAt", "emirate");
CREATE INDEX "Customer_deletedAt_country_idx" ON "Customer"("deletedAt", "country");
CREATE INDEX "Customer_deletedAt_team_idx" ON "Customer"("deletedAt", "team");
CREATE INDEX "Customer_deletedAt_nameSortKey_id_idx" ON "Customer"("deletedAt", "nameSortKey", "id");
CREATE INDEX "Customer_deletedAt_totalSalesFils_id_idx" ON "Customer"("deletedAt", "totalSalesFils", "id");
CREATE INDEX "Customer_deletedAt_lastPurchaseDate_id_idx" ON "Customer"("deletedAt", "lastPurchaseDate", "id");
CREATE INDEX "Customer_deletedAt_birthMonthDay_id_idx" ON "Customer"("deletedAt", "birthMonthDay", "id");
CREATE INDEX "Customer_deletedAt_anniversaryMonthDay_idx" ON "Customer"("deletedAt", "anniversaryMonthDay");
CREATE INDEX "Customer_deletedAt_emiratesIdExpiry_idx" ON "Customer"("deletedAt", "emiratesIdExpiry");
CREATE INDEX "Customer_ownerId_deletedAt_id_idx" ON "Customer"("ownerId", "deletedAt", "id");
CREATE INDEX "Customer_deletedAt_lastContactAt_idx" ON "Customer"("deletedAt", "lastContactAt");
CREATE INDEX "Customer_id_team_tier_idx" ON "Customer"("id", "team", "tier");
CREATE INDEX "Customer_id_deletedAt_idx" ON "Customer"("id", "deletedAt");
CREATE INDEX "Customer_erasedAt_deletedAt_idx" ON "Customer"("erasedAt", "deletedAt");
CREATE INDEX "Customer_dupEmiratesIdKey_idx" ON "Customer"("dupEmiratesIdKey");
CREATE INDEX "Customer_dupEmailKey_idx" ON "Customer"("dupEmailKey");
CREATE INDEX "Customer_dupNameKey_idx" ON "Customer"("dupNameKey");
CREATE INDEX "Customer_dupArabicNameKey_idx" ON "Customer"("dupArabicNameKey");
CREATE INDEX "Customer_dupKeysVersion_idx" ON "Customer"("dupKeysVersion");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ClientDuplicatePair_highCustomerId_idx" ON "ClientDuplicatePair"("highCustomerId");

-- CreateIndex
CREATE INDEX "ClientDuplicatePair_dismissedAt_score_id_idx" ON "ClientDuplicatePair"("dismissedAt", "score", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ClientDuplicatePair_lowCustomerId_highCustomerId_key" ON "ClientDuplicatePair"("lowCustomerId", "highCustomerId");
