import type { DuplicateReason } from "~/domain/duplicate-keys";

/*
 * Kept apart from label-keys.ts: a module's catalog keys are the namespaces every screen importing it must
 * load (tests/integration/route-catalogs.test.ts), and only the Duplicates page and the import name these.
 */

/** Why two clients may be the same person: the Duplicates page's labels, and an import's possible duplicates. */
export const DUPLICATE_REASON_KEYS: Record<DuplicateReason, string> = {
  emirates_id: "duplicates:reasons.emiratesId",
  email: "duplicates:reasons.email",
  name_birth_date: "duplicates:reasons.nameBirthDate",
  arabic_name_birth_date: "duplicates:reasons.arabicNameBirthDate",
};
