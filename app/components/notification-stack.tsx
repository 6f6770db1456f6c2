import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { intlLocale } from "~/domain/languages";
import { usePageLocale } from "~/i18n/i18n-provider";
import { useAppUi } from "./app-ui";

const tone = {
  success: "border-green-300 bg-green-50",
  error: "border-red-300 bg-red-50",
  warning: "border-amber-300 bg-amber-50",
  info: "border-sky-300 bg-sky-50",
} as const;

/** Persistent notifications stacked at the top right, newest first (docs/product-rules.md §2, §4). */
export function NotificationStack() {
  const { notifications, dismissNotification, clearNotifications } = useAppUi();
  const { t } = useTranslation();
  const locale = usePageLocale();
  if (notifications.length === 0) return null;
  return (
    <section aria-label={t("common:notifications.label")} className="fixed end-4 top-4 z-40 flex w-80 flex-col gap-2">
      {notifications.length > 1 ? (
        <button type="button" onClick={clearNotifications} className="self-end text-xs text-gray-600 underline">
          {t("common:notifications.clearAll")}
        </button>
      ) : null}
      {notifications.map((n) => (
        <div
          key={n.id}
          role="status"
          data-notification-type={n.type}
          className={clsx("relative rounded-lg border p-3 pe-8 shadow", tone[n.type])}
        >
          <p className="text-sm font-semibold">{n.title}</p>
          {n.description ? <p className="text-sm text-gray-700">{n.description}</p> : null}
          <p className="mt-1 text-xs text-gray-500">
            {/* Made after an action, never while hydrating, so Intl is safe here. */}
            {new Date(n.timestamp).toLocaleTimeString(intlLocale(locale), { timeStyle: "short" })}
          </p>
          <button
            type="button"
            aria-label={t("common:notifications.dismiss")}
            onClick={() => dismissNotification(n.id)}
            className="absolute end-2 top-2 px-1 text-lg leading-none opacity-60 hover:opacity-100"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
