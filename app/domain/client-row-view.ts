import type { Tier } from "./tiers";

/**
 * One row of the client book's table as the page shows it: display-ready strings, nothing the table
 * does not show. readClientBookPage makes them; the table writes them as HTML.
 */
export type ClientRowView = {
  id: number;
  name: string;
  /** Digits to dial, or null for an erased client (whose number was freed). */
  mobile: string | null;
  address: string;
  dateOfBirth: string;
  totalSale: string;
  lastPurchase: string;
  daysSince: number | null;
  email: string;
  team: string;
  idNumber: string;
  idExpiry: string;
  idExpired: boolean;
  pepStatus: string;
  tier: Tier;
  ownerName: string | null;
  ownerInitials: string;
  /** Why WhatsApp is off for this client (consent withdrawn), in the page's language, or null. */
  whatsappBlocked: string | null;
};
