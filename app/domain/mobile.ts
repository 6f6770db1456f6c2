/**
 * Mobile numbers are stored as digits in international form (docs/product-rules.md §5 New client): digits only;
 * a leading 971 is kept; a leading 0 is replaced by 971; a 9-digit number gets 971 prepended.
 * "00" international prefixes are dropped first, so 00971... becomes 971...
 */
export function normalizeMobile(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.startsWith("971")) return digits;
  if (digits.startsWith("0")) return `971${digits.slice(1)}`;
  if (digits.length === 9) return `971${digits}`;
  return digits;
}

/** A plausible stored mobile: 9 to 15 digits (E.164 allows at most 15). */
export function isValidMobile(normalized: string): boolean {
  return /^\d{9,15}$/.test(normalized);
}

/** The digits a wa.me chat link takes. */
export function whatsappDigits(mobile: string): string {
  return mobile.replace(/\D/g, "");
}

export function whatsappLink(mobile: string, message: string): string {
  return `https://wa.me/${whatsappDigits(mobile)}?text=${encodeURIComponent(message)}`;
}
