import { z } from "zod";
import { NUMERALS } from "./languages";

/**
 * Profile's digits form (docs/decisions/021-arabic-and-english.md): Western or Arabic-Indic on Arabic pages.
 * Its own module, apart from the digit map, so the screens that only format numbers do not bring zod.
 */
export const numeralsFormSchema = z.object({
  numerals: z.enum(NUMERALS, { error: "profile:numerals.invalid" }),
});
