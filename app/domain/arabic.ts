/**
 * Arabic text as the search box compares it (docs/decisions/022-arabic-names-and-message-templates.md):
 * people type names with or without hamza on the alef, ta marbuta or ha, alef maqsura or ya, and
 * with or without vowel marks, so both the stored search text and the query are folded the same way.
 */

/** Each letter that is written several ways, and the one form the search keeps. */
export const ARABIC_LETTER_FOLDS: readonly (readonly [from: string, to: string])[] = [
  ["\u0623", "\u0627"], // أ → ا
  ["\u0625", "\u0627"], // إ → ا
  ["\u0622", "\u0627"], // آ → ا
  ["\u0671", "\u0627"], // ٱ (wasla) → ا
  ["\u0629", "\u0647"], // ة → ه
  ["\u0649", "\u064A"], // ى → ي
];

/**
 * Marks dropped by the search: tatweel (the stretching stroke), the short-vowel and shadda marks
 * (U+064B–U+065F) and the superscript alef (U+0670).
 */
export const ARABIC_DROPPED_MARKS = /\u0640|[\u064B-\u065F\u0670]/gu;

/** Any letter or mark the search form changes: a text without one (a Latin name, an email) is kept as it is. */
const ARABIC_CHANGED = new RegExp(
  `[${ARABIC_LETTER_FOLDS.map(([from]) => from).join("")}]|${ARABIC_DROPPED_MARKS.source}`,
  "u",
);

/** The search form of a text: Arabic letters folded and marks dropped; other scripts are left as they are. */
export function normaliseArabic(text: string): string {
  if (!ARABIC_CHANGED.test(text)) return text;
  let out = text.replace(ARABIC_DROPPED_MARKS, "");
  for (const [from, to] of ARABIC_LETTER_FOLDS) out = out.replaceAll(from, to);
  return out;
}
