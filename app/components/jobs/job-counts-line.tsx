import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { JobCounts } from "~/services/jobs.server";

/** Where each count leads: the job list filtered the same way (app/domain/jobs.ts parseJobQuery); mine=1 on My day. */
export const jobsHref = (filter: "waiting" | "overdue", mine: boolean) => `/jobs?${filter}=1${mine ? "&mine=1" : ""}`;

/**
 * "Jobs: 4 ready to collect, 2 overdue" on the dashboard and My day, each count a link to the filtered list; nothing
 * when both are zero. Plain links, so it works without JavaScript.
 */
export function JobCountsLine({ counts, mine = false }: { counts: JobCounts; mine?: boolean }) {
  const { t } = useTranslation();
  if (counts.waiting === 0 && counts.overdue === 0) return null;
  const parts = [
    counts.waiting > 0 ? (
      <Link key="waiting" to={jobsHref("waiting", mine)} className="text-brand-700 underline">
        {t("dashboard:jobs.waiting", { count: counts.waiting })}
      </Link>
    ) : null,
    counts.overdue > 0 ? (
      <Link key="overdue" to={jobsHref("overdue", mine)} className="font-medium text-red-700 underline">
        {t("dashboard:jobs.overdue", { count: counts.overdue })}
      </Link>
    ) : null,
  ].filter((p) => p !== null);
  return (
    <p className="text-sm" data-testid={mine ? "my-jobs-line" : "jobs-line"}>
      <span className="font-semibold">{t(mine ? "dashboard:jobs.mine" : "dashboard:jobs.title")}:</span>{" "}
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? t("dashboard:jobs.separator") : null}
          {p}
        </span>
      ))}
    </p>
  );
}
