/** The product's name, used for the title, the manifest and the import template's file name. */
export const PRODUCT_NAME = "Jewel CRM";
export const PRODUCT_SHORT_NAME = "JewelCRM";
/** The business's own day: reminders and "days since" are counted in the shop's time zone. */
export const DEFAULT_TIMEZONE = "Asia/Dubai";
