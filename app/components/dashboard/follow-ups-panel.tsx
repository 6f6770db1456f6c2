import { Link, useFetcher } from "@remix-run/react";
import clsx from "clsx";
import { formatCount } from "~/domain/display-labels";
import type { DueFollowUp } from "~/services/follow-ups.server";

/** A follow-up with its due day as the panel shows it ("Sat 3 Jan"), made by the loader. */
export type LabelledFollowUp = DueFollowUp & { dayLabel: string };

export const COMPLETE_FOLLOW_UP_INTENT = "complete-follow-up";

function dueLabel(daysLeft: number): string {
  if (daysLeft < 0) return daysLeft === -1 ? "Overdue by 1 day" : `Overdue by ${-daysLeft} days`;
  if (daysLeft === 0) return "Due today";
  if (daysLeft === 1) return "Due tomorrow";
  return `Due in ${daysLeft} days`;
}

function FollowUpRow({ followUp }: { followUp: LabelledFollowUp }) {
  const fetcher = useFetcher();
  // Hidden as soon as it is submitted; the revalidated list confirms it.
  if (fetcher.state !== "idle") return null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="follow-up">
      <div className="min-w-0">
        <Link to={`/customers/${followUp.clientId}`} className="font-medium hover:underline">
          {followUp.clientName}
        </Link>
        {followUp.note ? <p className="text-sm text-gray-700">{followUp.note}</p> : null}
        <p className={clsx("text-xs", followUp.daysLeft < 0 ? "font-medium text-red-700" : "text-gray-600")}>
          {dueLabel(followUp.daysLeft)} · {followUp.dayLabel}
        </p>
      </div>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="followUpId" value={followUp.id} />
        <button
          type="submit"
          name="intent"
          value={COMPLETE_FOLLOW_UP_INTENT}
          className="btn-secondary px-2 py-1 text-xs"
          aria-label={`Mark done: ${followUp.clientName}`}
        >
          Mark done
        </button>
      </fetcher.Form>
    </li>
  );
}

/** Open follow-ups that are overdue or due within 30 days, soonest first. */
export function FollowUpsPanel({ followUps }: { followUps: { items: LabelledFollowUp[]; total: number } }) {
  return (
    <section className="card" aria-labelledby="follow-ups-title" data-testid="follow-ups">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="follow-ups-title" className="text-lg font-semibold">
          Follow-ups
        </h2>
        {followUps.total > 0 ? (
          <span className="badge bg-brand-100 text-brand-700">{formatCount(followUps.total)} open</span>
        ) : null}
      </div>
      {followUps.items.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No follow-ups due in the next 30 days.</p>
      ) : (
        <>
          <ul className="mt-1 max-h-[32rem] divide-y divide-gray-100 overflow-y-auto">
            {followUps.items.map((f) => (
              <FollowUpRow key={f.id} followUp={f} />
            ))}
          </ul>
          {followUps.total > followUps.items.length ? (
            <p className="mt-2 text-sm text-gray-600">
              and {formatCount(followUps.total - followUps.items.length)} more
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
