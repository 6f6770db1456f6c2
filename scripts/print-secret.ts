import QRCode from "qrcode";
import type { IssuedSecret } from "~/services/authenticators.server";

/** Prints an authenticator secret for the operator: a terminal QR code, the URI and the secret. */
export async function printIssuedSecret(issued: IssuedSecret, heading: string): Promise<void> {
  const qr = await QRCode.toString(issued.uri, { type: "terminal", small: true });
  console.log(`\n${heading}\n`);
  console.log(qr);
  console.log(`  Account: ${issued.email}`);
  console.log(`  Scan the QR code with Microsoft or Google Authenticator, or enter this secret: ${issued.secret}`);
  console.log(`  otpauth URI: ${issued.uri}\n`);
}
