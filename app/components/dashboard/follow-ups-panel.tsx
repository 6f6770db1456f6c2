import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useMemo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { formatCount } from "~/domain/display-labels";
import type { DueFollowUp } from "~/services/follow-ups.server";
import { WhatsAppButton } from "../clients/whatsapp-button";
import { usePageLocale } from "~/i18n/i18n-provider";
import { openInApp } from "../open-in-app";

/** A follow-up with its due day as the panel shows it ("Sat 3 Jan"), made by the loader. */
export type LabelledFollowUp = DueFollowUp & { dayLabel: string };

export const COMPLETE_FOLLOW_UP_INTENT = "complete-follow-up";

function dueLabel(daysLeft: number, t: TFunction): string {
  if (daysLeft < 0) return t("dashboard:followUps.overdueBy", { count: -daysLeft });
  if (daysLeft === 0) return t("dashboard:followUps.dueToday");
  if (daysLeft === 1) return t("dashboard:followUps.dueTomorrow");
  return t("dashboard:followUps.dueIn", { count: daysLeft });
}

/** Words every row repeats, looked up once per panel. */
type RowWords = { unassigned: string; whatsapp: string; outcome: string; markDone: string };

function FollowUpRow({ followUp, returnTo, words }: { followUp: LabelledFollowUp; returnTo: string; words: RowWords }) {
  const fetcher = useFetcher();
  const { t } = useTranslation();
  // Hidden as soon as it is submitted; the revalidated list confirms it.
  if (fetcher.state !== "idle") return null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="follow-up">
      <div className="min-w-0">
        <a href={`/customers/${followUp.clientId}`} className="font-medium hover:underline">
          <bdi>{followUp.clientName}</bdi>
        </a>
        {followUp.note ? (
          <p className="text-sm text-gray-700">
            <bdi>{followUp.note}</bdi>
          </p>
        ) : null}
        <p className={clsx("text-xs", followUp.daysLeft < 0 ? "font-medium text-red-700" : "text-gray-600")}>
          {dueLabel(followUp.daysLeft, t)} · {followUp.dayLabel} ·{" "}
          {followUp.ownerName ? <bdi>{followUp.ownerName}</bdi> : words.unassigned}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <WhatsAppButton
          clientId={followUp.clientId}
          clientName={followUp.clientName}
          blockedReason={followUp.whatsappBlocked}
          className="btn-secondary px-2 py-1 text-xs"
          label={words.whatsapp}
        />
        <fetcher.Form method="post" action={`/follow-ups/${followUp.id}`} preventScrollReset className="flex gap-1">
          <input type="hidden" name="redirectTo" value={returnTo} />
          <input type="hidden" name="status" value="done" />
          <label htmlFor={`outcome-${followUp.id}`} className="sr-only">
            {t("dashboard:followUps.outcomeFor", { name: followUp.clientName })}
          </label>
          <input
            id={`outcome-${followUp.id}`}
            name="outcome"
            maxLength={500}
            placeholder={words.outcome}
            className="input w-32 px-2 py-1 text-xs"
          />
          <button
            type="submit"
            className="btn-secondary px-2 py-1 text-xs"
            aria-label={t("dashboard:followUps.markDoneLabel", { name: followUp.clientName })}
          >
            {words.markDone}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/**
 * Open follow-ups that are overdue (in red) or due within 30 days, soonest first: the user's own
 * and unassigned ones, or everyone's when an admin asks (`allHref` toggles).
 */
export function FollowUpsPanel({
  followUps,
  returnTo,
  title,
  toggle,
}: {
  followUps: { items: LabelledFollowUp[]; total: number };
  returnTo: string;
  title?: string;
  toggle?: { href: string; label: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const words = useMemo<RowWords>(
    () => ({
      unassigned: t("dashboard:followUps.unassigned"),
      whatsapp: t("clients:whatsapp.button"),
      outcome: t("dashboard:followUps.outcome"),
      markDone: t("dashboard:followUps.markDone"),
    }),
    [t],
  );
  return (
    <section className="card" aria-labelledby="follow-ups-title" data-testid="follow-ups">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="follow-ups-title" className="text-lg font-semibold">
          {title ?? t("dashboard:followUps.mine")}
        </h2>
        {toggle ? (
          <Link to={toggle.href} className="text-sm text-brand-700 hover:underline">
            {toggle.label}
          </Link>
        ) : null}
        {followUps.total > 0 ? (
          <span className="badge bg-brand-100 text-brand-700">
            {t("dashboard:followUps.open", { n: formatCount(followUps.total, locale) })}
          </span>
        ) : null}
      </div>
      {followUps.items.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{t("dashboard:followUps.none")}</p>
      ) : (
        <>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- one delegated handler for the rows' links, which take keyboard input themselves */}
          <ul
            className="mt-1 max-h-[32rem] divide-y divide-gray-100 overflow-y-auto"
            onClick={(event) => openInApp(event, navigate)}
          >
            {followUps.items.map((f) => (
              <FollowUpRow key={f.id} followUp={f} returnTo={returnTo} words={words} />
            ))}
          </ul>
          {followUps.total > followUps.items.length ? (
            <p className="mt-2 text-sm text-gray-600">
              {t("dashboard:alerts.more", { n: formatCount(followUps.total - followUps.items.length, locale) })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
