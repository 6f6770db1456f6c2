-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "fullNameAr" TEXT,
ADD COLUMN     "preferredLanguage" TEXT NOT NULL DEFAULT 'en';

-- The search text folds Arabic letters: see prisma/migrations/20261126010100_arabic_names_message_templates.
UPDATE "Customer" SET "searchText" = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace("searchText", chr(1600), ''), chr(1611), ''), chr(1612), ''), chr(1613), ''), chr(1614), ''), chr(1615), ''), chr(1616), ''), chr(1617), ''), chr(1618), ''), chr(1619), ''), chr(1620), ''), chr(1621), ''), chr(1622), ''), chr(1623), ''), chr(1624), ''), chr(1625), ''), chr(1626), ''), chr(1627), ''), chr(1628), ''), chr(1629), ''), chr(1630), ''), chr(1631), ''), chr(1648), ''), chr(1571), chr(1575)), chr(1573), chr(1575)), chr(1570), chr(1575)), chr(1649), chr(1575)), chr(1577), chr(1607)), chr(1609), chr(1610));

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "occasion" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "MessageTemplate_pkey" PRIMARY KEY ("occasion","language")
);

