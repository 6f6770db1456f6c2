-- AlterTable
ALTER TABLE "AuthenticatorDevice" ADD COLUMN     "labelKind" TEXT,
ADD COLUMN     "number" INTEGER,
ALTER COLUMN "label" DROP NOT NULL;


-- The rows linked so far carry the English names the app wrote, read here once into the new columns.
UPDATE "AuthenticatorDevice" SET "labelKind" = 'install', "label" = NULL WHERE "label" = 'Authenticator (set up at install)';
UPDATE "AuthenticatorDevice" SET "labelKind" = 'reset', "label" = NULL WHERE "label" = 'Authenticator (reset by operator)';
UPDATE "AuthenticatorDevice" SET "labelKind" = 'numbered', "number" = CAST(substr("label", 15) AS INTEGER), "label" = NULL
WHERE "label" ~ '^Authenticator [0-9]{1,9}$';
