-- The app's own names for authenticators are stored as what they are (a kind and a number), not English
-- text, so the pages say them in the reader's language (issue #41 item 3). A name given otherwise stays in label.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AuthenticatorDevice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "label" TEXT,
    "labelKind" TEXT,
    "number" INTEGER,
    "secretEncrypted" TEXT NOT NULL,
    "verifiedAt" DATETIME,
    "lastUsedStep" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuthenticatorDevice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AuthenticatorDevice" ("createdAt", "id", "label", "lastUsedStep", "secretEncrypted", "userId", "verifiedAt") SELECT "createdAt", "id", "label", "lastUsedStep", "secretEncrypted", "userId", "verifiedAt" FROM "AuthenticatorDevice";
DROP TABLE "AuthenticatorDevice";
ALTER TABLE "new_AuthenticatorDevice" RENAME TO "AuthenticatorDevice";
CREATE INDEX "AuthenticatorDevice_userId_idx" ON "AuthenticatorDevice"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
-- The rows linked so far carry the English names the app wrote, read here once into the new columns.
UPDATE "AuthenticatorDevice" SET "labelKind" = 'install', "label" = NULL WHERE "label" = 'Authenticator (set up at install)';
UPDATE "AuthenticatorDevice" SET "labelKind" = 'reset', "label" = NULL WHERE "label" = 'Authenticator (reset by operator)';
UPDATE "AuthenticatorDevice" SET "labelKind" = 'numbered', "number" = CAST(substr("label", 15) AS INTEGER), "label" = NULL
WHERE "label" GLOB 'Authenticator [0-9]*' AND substr("label", 15) NOT GLOB '*[^0-9]*' AND length("label") <= 23;
