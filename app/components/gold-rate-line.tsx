import { Link } from "@remix-run/react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/client-display";
import { formatRate, type GoldRateLine as Line, type RateKey } from "~/domain/gold-rates";
import { writeDigits } from "~/domain/numerals";
import { usePageLocale } from "~/i18n/i18n-provider";

/**
 * The top bar's line of the latest rates (docs/decisions/042-gold-rates.md): "22K AED 243.25/g · 09:00", every
 * rate from a small screen up and just 22K on a phone, marked when it is not today's. Plain markup: the same
 * without JavaScript. Admins get the way to the form when today's rate is missing.
 */
export function GoldRateLine({ line, canEnter }: { line: Line | null; canEnter: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  if (!line && !canEnter) return null;
  const stale = line?.age !== "today";
  const enter = canEnter && stale && (
    <Link to="/profile/gold-rates" className="font-medium underline">
      {t("common:goldRate.enter")}
    </Link>
  );
  if (!line)
    return <div className="border-b border-amber-200 bg-amber-50 px-4 py-1 text-xs text-amber-900">{enter}</div>;
  const rateText = (key: RateKey, amount: string) => {
    const value = formatRate(amount, locale);
    if (key === "platinum") return t("common:goldRate.platinum", { amount: value });
    if (key === "silver") return t("common:goldRate.silver", { amount: value });
    return t("common:goldRate.karat", { karat: Number(key), amount: value });
  };
  return (
    <div
      data-testid="gold-rate-line"
      data-age={line.age}
      className={clsx(
        "border-b px-4 py-1 text-xs",
        stale ? "border-amber-200 bg-amber-50 text-amber-900" : "border-gray-200 bg-white text-gray-700",
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <span className="sr-only">{t("common:goldRate.label")}</span>
        {stale ? (
          <strong>
            {line.age === "yesterday"
              ? t("common:goldRate.yesterday")
              : t("common:goldRate.older", { day: formatDay(line.day, locale) })}
          </strong>
        ) : null}
        {line.rates.map(({ key, amount }) => (
          <span key={key} className={clsx("whitespace-nowrap", key === "22" ? null : "hidden sm:inline")}>
            {rateText(key, amount)}
          </span>
        ))}
        <span className="whitespace-nowrap">· {writeDigits(line.time, locale.numerals)}</span>
        {enter}
      </p>
    </div>
  );
}
