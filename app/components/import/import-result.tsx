import clsx from "clsx";
import type { ImportReportView } from "~/domain/import-report";

const count = new Intl.NumberFormat("en-GB");

/** The result of an import (docs/product-rules.md §2): counts, the first 10 skipped clients and the first 5 errors, each then "and N more". */
export function ImportResultPanel({
  report,
  fileName,
  testId,
}: {
  report: ImportReportView;
  fileName: string;
  testId: string;
}) {
  return (
    <section
      aria-label="Import result"
      data-testid={testId}
      className={clsx(
        "mt-4 rounded-md border p-3 text-sm",
        report.success ? "border-green-200 bg-green-50" : "border-red-200 bg-red-50",
      )}
    >
      <h3 className="font-semibold">{report.success ? "Import complete" : "Import failed"}</h3>
      <p className="text-gray-600">{fileName}</p>
      <p className="mt-1">{report.message}</p>
      {report.success ? (
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          <div>
            <dt className="inline text-gray-600">Imported: </dt>
            <dd className="inline font-semibold" data-testid="imported-count">
              {count.format(report.imported)}
            </dd>
          </div>
          {report.importedSales > 0 ? (
            <div>
              <dt className="inline text-gray-600">Sales: </dt>
              <dd className="inline font-semibold" data-testid="sales-count">
                {count.format(report.importedSales)} ({count.format(report.importedItems)}{" "}
                {report.importedItems === 1 ? "item" : "items"})
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="inline text-gray-600">Skipped: </dt>
            <dd className="inline font-semibold" data-testid="skipped-count">
              {count.format(report.skipped.total)}
            </dd>
          </div>
          <div>
            <dt className="inline text-gray-600">Errors: </dt>
            <dd className="inline font-semibold" data-testid="error-count">
              {count.format(report.errors.total)}
            </dd>
          </div>
        </dl>
      ) : null}

      {report.skipped.total > 0 ? (
        <div className="mt-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-medium">Skipped existing customers</h4>
            <a href="/api/import/export-skipped" download className="btn-secondary px-2 py-1 text-xs">
              Export Skipped Customers
            </a>
          </div>
          <ul className="mt-1 space-y-1" data-testid="skipped-list">
            {report.skipped.shown.map((s, i) => (
              <li key={i} className="rounded bg-white/70 px-2 py-1">
                <span className="font-medium">{s.name}</span> <span className="text-gray-600">({s.mobile})</span>:{" "}
                {s.reason}
              </li>
            ))}
          </ul>
          {report.skipped.more > 0 ? (
            <p className="mt-1 text-gray-600">and {count.format(report.skipped.more)} more</p>
          ) : null}
        </div>
      ) : null}

      {report.errors.total > 0 ? (
        <div className="mt-3">
          <h4 className="font-medium">Rows with errors</h4>
          <ul className="mt-1 space-y-1" data-testid="error-list">
            {report.errors.shown.map((e, i) => (
              <li key={i} className="rounded bg-white/70 px-2 py-1 text-red-800">
                {e}
              </li>
            ))}
          </ul>
          {report.errors.more > 0 ? (
            <p className="mt-1 text-gray-600">and {count.format(report.errors.more)} more</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
