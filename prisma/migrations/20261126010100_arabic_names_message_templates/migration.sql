-- Arabic names, the client's language and the WhatsApp message templates
-- (docs/decisions/022-arabic-names-and-message-templates.md).
ALTER TABLE "Customer" ADD COLUMN "fullNameAr" TEXT;
ALTER TABLE "Customer" ADD COLUMN "preferredLanguage" TEXT NOT NULL DEFAULT 'en';

-- The search text now folds Arabic letters (app/domain/arabic.ts): a name already typed in Arabic
-- script in fullName is folded here the same way (the code points of ARABIC_DROPPED_MARKS and
-- ARABIC_LETTER_FOLDS), so it is found at once. No client has an Arabic name yet.
UPDATE "Customer" SET "searchText" = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace("searchText", char(1600), ''), char(1611), ''), char(1612), ''), char(1613), ''), char(1614), ''), char(1615), ''), char(1616), ''), char(1617), ''), char(1618), ''), char(1619), ''), char(1620), ''), char(1621), ''), char(1622), ''), char(1623), ''), char(1624), ''), char(1625), ''), char(1626), ''), char(1627), ''), char(1628), ''), char(1629), ''), char(1630), ''), char(1631), ''), char(1648), ''), char(1571), char(1575)), char(1573), char(1575)), char(1570), char(1575)), char(1649), char(1575)), char(1577), char(1607)), char(1609), char(1610));

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "occasion" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT,

    PRIMARY KEY ("occasion", "language")
);
