import { db } from "~/db/db.server";
import { DEFAULT_CASH_RULE } from "~/domain/cash-rule";
import { NO_SHOP_DETAILS, SHOP_DETAIL_FIELDS, type ShopDetails } from "~/domain/shop-details";
import { AUDIT_ACTIONS, writeAudit, type Actor } from "./audit.server";
import { SETTINGS_ID } from "./cash-rule.server";

/**
 * The shop's name and its job slips' terms (docs/guide/shop.md), on the one ShopSettings row the cash rule's
 * page writes too. Read by the Shop settings page and the slip (app/routes/jobs.$id.slip.tsx).
 */

const SELECT = { shopName: true, shopNameAr: true, jobTerms: true, jobTermsAr: true } as const;

/** The admin's texts, or none before the first save. */
export async function getShopDetails(): Promise<ShopDetails> {
  return (await db.shopSettings.findUnique({ where: { id: SETTINGS_ID }, select: SELECT })) ?? NO_SHOP_DETAILS;
}

/**
 * Saves the texts (Shop settings, admin only) and audits the fields that changed, before and after. The first save
 * of the settings row takes the cash rule's defaults with it, which were in force until then.
 */
export async function saveShopDetails(details: ShopDetails, actor: Actor, ip: string | null = null): Promise<void> {
  await db.$transaction(async (tx) => {
    const current =
      (await tx.shopSettings.findUnique({ where: { id: SETTINGS_ID }, select: SELECT })) ?? NO_SHOP_DETAILS;
    const changes = Object.fromEntries(
      SHOP_DETAIL_FIELDS.filter((field) => current[field] !== details[field]).map((field) => [
        field,
        { from: current[field], to: details[field] },
      ]),
    );
    if (Object.keys(changes).length === 0) return;
    const data = { ...details, updatedById: actor.id };
    await tx.shopSettings.upsert({
      where: { id: SETTINGS_ID },
      create: {
        id: SETTINGS_ID,
        cashSingleThresholdFils: DEFAULT_CASH_RULE.singleThresholdFils,
        cashWindowThresholdFils: DEFAULT_CASH_RULE.windowThresholdFils,
        cashWindowDays: DEFAULT_CASH_RULE.windowDays,
        ...data,
      },
      update: data,
    });
    await writeAudit({ actor, action: AUDIT_ACTIONS.shopDetailsChanged, details: { fields: changes }, ip }, tx);
  });
}
