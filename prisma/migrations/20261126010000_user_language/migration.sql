-- A user's saved screen language, first in the detection order (docs/decisions/021-arabic-and-english.md).
ALTER TABLE "User" ADD COLUMN "language" TEXT;
