-- A user's digits on Arabic screens, null for Western (docs/decisions/021-arabic-and-english.md).
ALTER TABLE "User" ADD COLUMN "numerals" TEXT;
