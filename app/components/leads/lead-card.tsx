import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { displayName } from "~/domain/client-display";
import clsx from "clsx";
import { formatCount } from "~/domain/display-labels";
import { defaultFollowUpMessage, scoreBand, type ScoreBand } from "~/domain/lead-score";
import type { AiLead, Priority } from "~/domain/lead-schema";
import { formatAed, parseAedToFils } from "~/domain/money";
import { usePageLocale } from "~/i18n/i18n-provider";
import { WhatsAppButton } from "../clients/whatsapp-button";
import { LastContactText } from "../last-contact-text";
import { Said } from "../said";
import { keyOf, TIER_KEYS } from "~/i18n/label-keys";
import { nameOfKey, type ShopChoice } from "~/domain/shop-lists";
import { LOCATION_KEYS } from "./lead-keys";

const BAND_STYLE: Record<ScoreBand, string> = {
  top: "border-green-300 bg-green-50 text-green-800",
  strong: "border-blue-300 bg-blue-50 text-blue-800",
  fair: "border-amber-300 bg-amber-50 text-amber-800",
  low: "border-gray-300 bg-gray-50 text-gray-700",
};

const PRIORITY_STYLE: Record<Priority, string> = {
  Critical: "bg-red-100 text-red-800",
  High: "bg-orange-100 text-orange-800",
  Medium: "bg-gray-100 text-gray-700",
};

/** Catalog keys written out, so the catalog check sees each one used. */
const PRIORITY_KEYS: Record<Priority, string> = {
  Critical: "leads:priorities.Critical",
  High: "leads:priorities.High",
  Medium: "leads:priorities.Medium",
};

/**
 * The WhatsApp message for a lead: its own in the client's language, else the suggested message
 * (lists saved before languages), or a default follow-up greeting (docs/product-rules.md §2).
 */
export function leadWhatsappMessage(lead: Pick<AiLead, "name" | "suggestedMessage" | "whatsappMessage">): string {
  return lead.whatsappMessage?.trim() || lead.suggestedMessage.trim() || defaultFollowUpMessage(lead.name);
}

/**
 * Whether the lead's WhatsApp button is live: a list kept in the browser may predate a withdrawal,
 * so its cards wait ("checking") until the server has said.
 */
export type LeadWhatsapp = "allowed" | "withdrawn" | "checking";

export function LeadCard({
  lead,
  scheduleHref,
  teams,
  whatsapp,
  withdrawnReason,
}: {
  lead: AiLead;
  scheduleHref: string;
  /** The shop's teams, which name the lead's team in the page's language. */
  teams: readonly ShopChoice[];
  whatsapp: LeadWhatsapp;
  /** Why a withdrawn client's button is off, in the page's language. */
  withdrawnReason: string;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { language } = locale;
  const band = scoreBand(lead.leadScore);
  const headingId = `lead-${lead.clientId}`;
  const name = displayName({ fullName: lead.name, fullNameAr: lead.nameAr }, language);
  const tierKey = keyOf(TIER_KEYS, lead.tier);
  const location = LOCATION_KEYS[lead.country === "uae" ? lead.emirate : lead.country];
  const words = lead.words ?? null;
  return (
    <article className="card flex flex-col gap-3" aria-labelledby={headingId} data-testid="lead-card">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold">
            <bdi>{name}</bdi>
          </h3>
          <p className="text-sm text-gray-600">
            {tierKey ? t(tierKey) : <bdi>{lead.tier}</bdi>} ·{" "}
            <Said words={words && [words.segment]} text={lead.segmentType} /> ·{" "}
            {location ? t(location) : <bdi>{lead.country === "uae" ? lead.emirate : lead.country}</bdi>}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={clsx("rounded-md border px-2 py-1 text-lg font-bold", BAND_STYLE[band])}
            data-band={band}
            aria-label={t("leads:card.score", { score: lead.leadScore })}
          >
            {lead.leadScore}
          </span>
          <span className={clsx("badge", PRIORITY_STYLE[lead.priority])}>{t(PRIORITY_KEYS[lead.priority])}</span>
        </div>
      </header>

      <p className="text-sm">
        <span className="font-medium">{t("leads:card.whyNow")}</span>
        <Said
          words={words?.reasons ?? null}
          text={lead.reasonForOutreach}
          separator={t("leads:card.reasonSeparator")}
        />
      </p>
      <p className="text-sm text-gray-700">
        <Said words={words?.insights ?? null} text={lead.aiInsights} separator=" " />
      </p>

      {lead.recommendedProducts.length > 0 ? (
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-gray-500">{t("leads:card.recommended")}</p>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("leads:card.recommendedProducts")}>
            {lead.recommendedProducts.slice(0, 3).map((product, i) => {
              const said = words?.products?.[i];
              return (
                <li key={product} className="badge bg-brand-50 text-brand-700">
                  <Said words={said ? [said] : null} text={product} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">{t("leads:card.bestContactTime")}</dt>
        <dd>
          <Said words={words?.contactTime ? [words.contactTime] : null} text={lead.bestContactTime} />
        </dd>
        <dt className="text-gray-500">{t("leads:card.expectedRevenue")}</dt>
        <dd>{formatAed(parseAedToFils(lead.expectedRevenue) ?? 0n, locale)}</dd>
        <dt className="text-gray-500">{t("leads:card.totalSales")}</dt>
        <dd>{formatAed(parseAedToFils(lead.totalSalesValue) ?? 0n, locale)}</dd>
        <dt className="text-gray-500">{t("leads:card.lastPurchase")}</dt>
        <dd>
          {lead.daysSinceLastPurchase === null
            ? t("leads:card.noneYet")
            : t("leads:card.daysAgo", {
                count: lead.daysSinceLastPurchase,
                n: formatCount(lead.daysSinceLastPurchase, locale),
              })}
        </dd>
        <dt className="text-gray-500">{t("leads:card.team")}</dt>
        <dd>{nameOfKey(teams, lead.recommendedTeam, language)}</dd>
      </dl>

      {lead.lastContactLabel ? (
        <p className="text-sm text-gray-700" data-testid="last-contact">
          <span className="font-medium">{t("leads:card.lastContact")}</span>
          <LastContactText words={lead.lastContactWords ?? null} label={lead.lastContactLabel} />
        </p>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <WhatsAppButton
          clientId={lead.clientId}
          clientName={name}
          label={t("leads:card.whatsapp")}
          message={leadWhatsappMessage(lead)}
          blockedReason={whatsapp === "withdrawn" ? withdrawnReason : null}
          pending={whatsapp === "checking"}
          className="btn-primary bg-green-700 hover:bg-green-600"
        />
        <Link
          to={scheduleHref}
          className="btn-secondary"
          preventScrollReset
          aria-labelledby={`${headingId}-schedule ${headingId}`}
        >
          {t("leads:card.schedule")}
        </Link>
        <span id={`${headingId}-schedule`} hidden>
          {t("leads:card.scheduleWith")}
        </span>
      </div>
    </article>
  );
}
