import QRCode from "qrcode";
import type { IssuedSecret } from "~/services/authenticators.server";

/**
 * Prints an authenticator secret for the operator: a terminal QR code, the URI and the secret. Only
 * to an interactive terminal: when the output goes to a file or a log collector the secret would
 * stay there, so a note says how to get one instead. Returns whether it was printed.
 */
export async function printIssuedSecret(issued: IssuedSecret, heading: string): Promise<boolean> {
  if (!process.stdout.isTTY) return false;
  const qr = await QRCode.toString(issued.uri, { type: "terminal", small: true });
  console.log(`\n${heading}\n`);
  console.log(qr);
  console.log(`  Account: ${issued.email}`);
  console.log(`  Scan the QR code with Microsoft or Google Authenticator, or enter this secret: ${issued.secret}`);
  console.log(`  otpauth URI: ${issued.uri}\n`);
  return true;
}
