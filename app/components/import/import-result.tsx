import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { formatCount } from "~/domain/display-labels";
import type { ImportReportView } from "~/domain/import-report";
import { usePageLocale } from "~/i18n/i18n-provider";

/**
 * A text the loader said in the page's language, its <bdi> marks (around a client's name, an invoice number, a
 * row error's English detail) made elements so they keep their own direction. React escapes the rest.
 */
function MarkedText({ text }: { text: string }) {
  return text.split(/<bdi>([\s\S]*?)<\/bdi>/).map((piece, i) => (i % 2 === 1 ? <bdi key={i}>{piece}</bdi> : piece));
}

/** The result of an import (docs/product-rules.md §2): counts, the first 10 skipped clients and the first 5 errors, each then "and N more". */
export function ImportResultPanel({
  report,
  fileName,
  runId,
  testId,
}: {
  report: ImportReportView;
  fileName: string;
  runId: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <section
      aria-label={t("import:result.label")}
      data-testid={testId}
      className={clsx(
        "mt-4 rounded-md border p-3 text-sm",
        report.success ? "border-green-200 bg-green-50" : "border-red-200 bg-red-50",
      )}
    >
      <h3 className="font-semibold">{report.success ? t("import:result.complete") : t("import:result.failed")}</h3>
      <p className="text-gray-600">
        <bdi>{fileName}</bdi>
      </p>
      <p className="mt-1">
        <MarkedText text={report.message} />
      </p>
      {report.success ? (
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          <Count
            label={t("import:result.imported")}
            testId="imported-count"
            value={formatCount(report.imported, locale)}
          />
          {report.importedSales > 0 ? (
            <div>
              <dt className="inline text-gray-600">{t("import:result.sales")}</dt>
              <dd className="inline font-semibold" data-testid="sales-count">
                {formatCount(report.importedSales, locale)} (
                {t("import:result.items", {
                  count: report.importedItems,
                  n: formatCount(report.importedItems, locale),
                })}
                )
              </dd>
            </div>
          ) : null}
          <Count
            label={t("import:result.updated")}
            testId="updated-count"
            value={formatCount(report.updated, locale)}
          />
          <Count
            label={t("import:result.possibleDuplicates")}
            testId="possible-duplicates-count"
            value={formatCount(report.possibleDuplicates, locale)}
          />
          <Count
            label={t("import:result.skipped")}
            testId="skipped-count"
            value={formatCount(report.skipped.total, locale)}
          />
          <Count
            label={t("import:result.errors")}
            testId="error-count"
            value={formatCount(report.errors.total, locale)}
          />
        </dl>
      ) : null}
      {report.possibleDuplicates > 0 ? (
        <p className="mt-2">
          <a
            href={`/api/import/export-possible-duplicates?runId=${encodeURIComponent(runId)}`}
            download
            className="btn-secondary px-2 py-1 text-xs"
          >
            {t("import:result.exportPossibleDuplicates")}
          </a>
        </p>
      ) : null}

      {report.skipped.total > 0 ? (
        <div className="mt-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-medium">{t("import:result.skippedHeading")}</h4>
            <a href="/api/import/export-skipped" download className="btn-secondary px-2 py-1 text-xs">
              {t("import:result.exportSkipped")}
            </a>
          </div>
          <ul className="mt-1 space-y-1" data-testid="skipped-list">
            {report.skipped.shown.map((s, i) => (
              <li key={i} className="rounded bg-white/70 px-2 py-1">
                <bdi className="font-medium">{s.name}</bdi>{" "}
                <span className="text-gray-600">
                  (<span dir="ltr">{s.mobile}</span>)
                </span>
                : <MarkedText text={s.reason} />
              </li>
            ))}
          </ul>
          {report.skipped.more > 0 ? (
            <p className="mt-1 text-gray-600">
              {t("import:result.andMore", { n: formatCount(report.skipped.more, locale) })}
            </p>
          ) : null}
        </div>
      ) : null}

      {report.errors.total > 0 ? (
        <div className="mt-3">
          <h4 className="font-medium">{t("import:result.errorsHeading")}</h4>
          <ul className="mt-1 space-y-1" data-testid="error-list">
            {report.errors.shown.map((e, i) => (
              <li key={i} className="rounded bg-white/70 px-2 py-1 text-red-800">
                <MarkedText text={e} />
              </li>
            ))}
          </ul>
          {report.errors.more > 0 ? (
            <p className="mt-1 text-gray-600">
              {t("import:result.andMore", { n: formatCount(report.errors.more, locale) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** One of the result's counts: its label and the figure in the page's digits. */
function Count({ label, testId, value }: { label: string; testId: string; value: string }) {
  return (
    <div>
      <dt className="inline text-gray-600">{label}</dt>
      <dd className="inline font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
