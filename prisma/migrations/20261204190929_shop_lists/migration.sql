-- CreateTable
CREATE TABLE "Showroom" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameAr" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameAr" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL,
    "products" TEXT NOT NULL DEFAULT '',
    "clientTiers" TEXT NOT NULL DEFAULT '',
    "budgetBands" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ItemCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameAr" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "role" TEXT NOT NULL DEFAULT 'sales_front',
    "department" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "authType" TEXT NOT NULL DEFAULT 'totp',
    "language" TEXT,
    "numerals" TEXT,
    "showroomId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "User_showroomId_fkey" FOREIGN KEY ("showroomId") REFERENCES "Showroom" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_User" ("authType", "createdAt", "department", "email", "id", "isActive", "language", "name", "numerals", "phone", "role", "updatedAt") SELECT "authType", "createdAt", "department", "email", "id", "isActive", "language", "name", "numerals", "phone", "role", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_phone_key" ON "User"("phone");
CREATE INDEX "User_role_idx" ON "User"("role");
CREATE INDEX "User_showroomId_idx" ON "User"("showroomId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Showroom_key_key" ON "Showroom"("key");

-- CreateIndex
CREATE UNIQUE INDEX "Team_key_key" ON "Team"("key");

-- CreateIndex
CREATE UNIQUE INDEX "ItemCategory_key_key" ON "ItemCategory"("key");

-- The lists the app had in code become the shop's first rows, keys unchanged, so every stored sale,
-- client and report keeps its meaning (docs/decisions/041-shop-lists-as-data.md). The teams carry the
-- routing and ranges lead-score.ts and recommendations.ts had: VIP tiers and big budgets to the
-- luxury team, Bronze and small budgets to entry level, the rest to mixed.
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('dubai_gold_souk', 'dubai_gold_souk', 'Dubai Gold Souk', 'سوق الذهب في دبي', true, 0, CURRENT_TIMESTAMP);
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('dubai_mall', 'dubai_mall', 'Dubai Mall', 'دبي مول', true, 1, CURRENT_TIMESTAMP);
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('abu_dhabi', 'abu_dhabi', 'Abu Dhabi', 'أبوظبي', true, 2, CURRENT_TIMESTAMP);
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('sharjah', 'sharjah', 'Sharjah', 'الشارقة', true, 3, CURRENT_TIMESTAMP);
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('al_ain', 'al_ain', 'Al Ain', 'العين', true, 4, CURRENT_TIMESTAMP);
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('online', 'online', 'Online', 'عبر الإنترنت', true, 5, CURRENT_TIMESTAMP);
INSERT INTO "Showroom" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('road_sales', 'road_sales', 'Road sales', 'المبيعات الميدانية', true, 6, CURRENT_TIMESTAMP);
INSERT INTO "Team" ("id", "key", "name", "nameAr", "active", "position", "products", "clientTiers", "budgetBands", "updatedAt") VALUES ('team_a', 'team_a', 'Full Selection (Luxury)', 'التشكيلة الكاملة (الفاخرة)', true, 0, 'Diamond high-jewellery necklace
Solitaire diamond ring
Luxury Swiss timepiece', 'diamond,platinum', '50k_150k,150k_plus', CURRENT_TIMESTAMP);
INSERT INTO "Team" ("id", "key", "name", "nameAr", "active", "position", "products", "clientTiers", "budgetBands", "updatedAt") VALUES ('team_b', 'team_b', 'Entry Level', 'الفئة الأساسية', true, 1, '18K gold pendant
Gold stud earrings
Charm bracelet', 'bronze', 'under_5k', CURRENT_TIMESTAMP);
INSERT INTO "Team" ("id", "key", "name", "nameAr", "active", "position", "products", "clientTiers", "budgetBands", "updatedAt") VALUES ('team_c', 'team_c', 'Mixed Products', 'منتجات متنوعة', true, 2, 'Diamond tennis bracelet
22K gold chain
Pearl necklace', 'gold,silver', '5k_20k,20k_50k', CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('ring', 'ring', 'Ring', 'خاتم', true, 0, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('bangle', 'bangle', 'Bangle', 'إسوارة', true, 1, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('bracelet', 'bracelet', 'Bracelet', 'سوار', true, 2, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('necklace', 'necklace', 'Necklace', 'قلادة', true, 3, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('pendant', 'pendant', 'Pendant', 'دلاية', true, 4, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('earrings', 'earrings', 'Earrings', 'أقراط', true, 5, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('set', 'set', 'Set', 'طقم', true, 6, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('watch', 'watch', 'Watch', 'ساعة', true, 7, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('coin_bar', 'coin_bar', 'Coin / bar', 'عملة / سبيكة', true, 8, CURRENT_TIMESTAMP);
INSERT INTO "ItemCategory" ("id", "key", "name", "nameAr", "active", "position", "updatedAt") VALUES ('other', 'other', 'Other', 'أخرى', true, 9, CURRENT_TIMESTAMP);
