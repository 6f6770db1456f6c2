-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "jobTerms" TEXT,
ADD COLUMN     "jobTermsAr" TEXT,
ADD COLUMN     "shopName" TEXT,
ADD COLUMN     "shopNameAr" TEXT;

