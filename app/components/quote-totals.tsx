import { useTranslation } from "react-i18next";
import { VAT_RATE_BP, percentOfBp } from "~/domain/quotes";
import { formatAed, type Fils } from "~/domain/money";
import { writeNumber } from "~/domain/numerals";
import { usePageLocale } from "~/i18n/i18n-provider";

/** A quote's sums, as the new-quote form follows the typing and the saved quote shows them. */
export function QuoteTotals({
  subtotal,
  vat,
  exchangeCredit,
  total,
}: {
  subtotal: Fils;
  vat: Fils;
  exchangeCredit: Fils;
  total: Fils;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const rows: [string, Fils, string][] = [
    [t("quotes:totals.subtotal"), subtotal, "subtotal"],
    [
      t("quotes:totals.vat", { rate: writeNumber(percentOfBp(VAT_RATE_BP).replace(/\.00$/, ""), locale.numerals) }),
      vat,
      "vat",
    ],
  ];
  if (exchangeCredit > 0n) rows.push([t("quotes:totals.exchangeCredit"), -exchangeCredit, "exchange-credit"]);
  return (
    <dl className="ms-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="quote-totals">
      {rows.map(([label, amount, id]) => (
        <div key={id} className="contents">
          <dt>{label}</dt>
          <dd className="text-end tabular-nums" data-testid={`quote-${id}`}>
            {formatAed(amount, locale)}
          </dd>
        </div>
      ))}
      <dt className="font-semibold">{t("quotes:totals.total")}</dt>
      <dd className="text-end font-semibold tabular-nums" data-testid="quote-total">
        {formatAed(total, locale)}
      </dd>
    </dl>
  );
}
