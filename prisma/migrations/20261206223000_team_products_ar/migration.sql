-- A team's products in Arabic, line for line beside the English ones (issue #41: the lead cards said the
-- seeded teams' products in Arabic from catalog entries keyed by their English text).
ALTER TABLE "Team" ADD COLUMN "productsAr" TEXT NOT NULL DEFAULT '';

-- The seeded teams' pieces, where an admin has not changed them.
UPDATE "Team" SET "productsAr" = 'قلادة ألماس من المجوهرات الراقية
خاتم ألماس سوليتير
ساعة سويسرية فاخرة' WHERE "key" = 'team_a' AND "products" = 'Diamond high-jewellery necklace
Solitaire diamond ring
Luxury Swiss timepiece';
UPDATE "Team" SET "productsAr" = 'تعليقة ذهب عيار 18
أقراط ذهب صغيرة
سوار بتعليقات' WHERE "key" = 'team_b' AND "products" = '18K gold pendant
Gold stud earrings
Charm bracelet';
UPDATE "Team" SET "productsAr" = 'سوار تنس من الألماس
سلسلة ذهب عيار 22
قلادة لؤلؤ' WHERE "key" = 'team_c' AND "products" = 'Diamond tennis bracelet
22K gold chain
Pearl necklace';
