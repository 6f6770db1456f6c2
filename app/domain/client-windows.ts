// The day counts every client figure, alert and lead shares (docs/guide/business-rules.md). One
// definition each, so the dashboard and the lead engine cannot drift apart.

/** A client is inactive after 90 or more days without a purchase (or with none ever). */
export const INACTIVE_AFTER_DAYS = 90;

/** Birthdays, anniversaries and Emirates ID expiries are due when they fall within the next 30 days. */
export const ALERT_WINDOW_DAYS = 30;

/**
 * An Emirates ID that already expired stays due for 30 days after expiry: long enough to chase the
 * renewed ID, short enough that years-old expiry dates from imports do not bury the list.
 */
export const EXPIRED_ID_LOOKBACK_DAYS = 30;
