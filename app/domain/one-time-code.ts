import { MESSAGE_CODES } from "./message-codes";
import { message } from "./messages";

/** Every code in the product is six digits: authenticator codes and admin-issued one-time codes. */
export const CODE_LENGTH = 6;

/** What a code prompt says, on the page or from the API, when the code is not six digits. */
export const CODE_INCOMPLETE = message(MESSAGE_CODES.codeIncomplete);

/** The same rule as an HTML `pattern`, so a prompt refuses a short code before JavaScript loads. */
export const CODE_PATTERN = `\\d{${CODE_LENGTH}}`;

const SIX_DIGITS = new RegExp(`^${CODE_PATTERN}$`);

export function isSixDigitCode(value: string): boolean {
  return SIX_DIGITS.test(value);
}

/** Code prompts take digits only, at most six: anything else typed or pasted is dropped. */
export function onlyCodeDigits(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, CODE_LENGTH);
}
