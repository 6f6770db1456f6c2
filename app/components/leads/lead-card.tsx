import { Link } from "@remix-run/react";
import { displayName } from "~/domain/client-display";
import clsx from "clsx";
import { leadLocationLabel, tierLabel } from "~/domain/lead-export";
import { defaultFollowUpMessage, scoreBand, teamLabel, type ScoreBand } from "~/domain/lead-score";
import type { AiLead, Priority } from "~/domain/lead-schema";
import { formatAed, parseAedToFils } from "~/domain/money";
import { WhatsAppButton } from "../clients/whatsapp-button";

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

/**
 * The WhatsApp message for a lead: its own in the client's language, else the suggested message
 * (lists saved before languages), or a default follow-up greeting (docs/product-rules.md §2).
 */
export function leadWhatsappMessage(lead: Pick<AiLead, "name" | "suggestedMessage" | "whatsappMessage">): string {
  return lead.whatsappMessage?.trim() || lead.suggestedMessage.trim() || defaultFollowUpMessage(lead.name);
}

export function LeadCard({ lead, scheduleHref }: { lead: AiLead; scheduleHref: string }) {
  const band = scoreBand(lead.leadScore);
  const headingId = `lead-${lead.clientId}`;
  return (
    <article className="card flex flex-col gap-3" aria-labelledby={headingId} data-testid="lead-card">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold">
            {displayName({ fullName: lead.name, fullNameAr: lead.nameAr }, "en")}
          </h3>
          <p className="text-sm text-gray-600">
            {tierLabel(lead.tier)} · {lead.segmentType} · {leadLocationLabel(lead)}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={clsx("rounded-md border px-2 py-1 text-lg font-bold", BAND_STYLE[band])}
            data-band={band}
            aria-label={`Lead score ${lead.leadScore} of 100`}
          >
            {lead.leadScore}
          </span>
          <span className={clsx("badge", PRIORITY_STYLE[lead.priority])}>{lead.priority}</span>
        </div>
      </header>

      <p className="text-sm">
        <span className="font-medium">Why now: </span>
        {lead.reasonForOutreach}
      </p>
      <p className="text-sm text-gray-700">{lead.aiInsights}</p>

      {lead.recommendedProducts.length > 0 ? (
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-gray-500">Recommended</p>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Recommended products">
            {lead.recommendedProducts.slice(0, 3).map((product) => (
              <li key={product} className="badge bg-brand-50 text-brand-700">
                {product}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">Best contact time</dt>
        <dd>{lead.bestContactTime}</dd>
        <dt className="text-gray-500">Expected revenue</dt>
        <dd>{formatAed(parseAedToFils(lead.expectedRevenue) ?? 0n)}</dd>
        <dt className="text-gray-500">Total sales</dt>
        <dd>{formatAed(parseAedToFils(lead.totalSalesValue) ?? 0n)}</dd>
        <dt className="text-gray-500">Last purchase</dt>
        <dd>{lead.daysSinceLastPurchase === null ? "None yet" : `${lead.daysSinceLastPurchase} days ago`}</dd>
        <dt className="text-gray-500">Team</dt>
        <dd>{teamLabel(lead.recommendedTeam)}</dd>
      </dl>

      {lead.lastContactLabel ? (
        <p className="text-sm text-gray-700" data-testid="last-contact">
          <span className="font-medium">Last contact: </span>
          {lead.lastContactLabel}
        </p>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <WhatsAppButton
          clientId={lead.clientId}
          clientName={lead.name}
          message={leadWhatsappMessage(lead)}
          className="btn-primary bg-green-700 hover:bg-green-600"
        />
        <Link
          to={scheduleHref}
          className="btn-secondary"
          preventScrollReset
          aria-label={`Schedule a follow-up with ${lead.name}`}
        >
          Schedule
        </Link>
      </div>
    </article>
  );
}
