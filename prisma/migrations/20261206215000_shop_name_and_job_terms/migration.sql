-- The shop's name and the job slip's terms, in English and Arabic, on the one settings row
-- (docs/decisions/044-job-bag.md): null until an admin writes them on Shop settings.
ALTER TABLE "ShopSettings" ADD COLUMN "shopName" TEXT;
ALTER TABLE "ShopSettings" ADD COLUMN "shopNameAr" TEXT;
ALTER TABLE "ShopSettings" ADD COLUMN "jobTerms" TEXT;
ALTER TABLE "ShopSettings" ADD COLUMN "jobTermsAr" TEXT;
