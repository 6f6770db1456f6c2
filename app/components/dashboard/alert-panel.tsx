import { useNavigate } from "@remix-run/react";
import { displayName } from "~/domain/client-display";
import clsx from "clsx";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Alert, AlertPriority } from "~/domain/alerts";
import { formatCount } from "~/domain/display-labels";
import { usePageLocale } from "~/i18n/i18n-provider";
import type { ContactFacts } from "~/services/client-contact.server";
import { WhatsAppButton } from "../clients/whatsapp-button";
import { useDocumentHtml } from "../document-html";
import { Said } from "../said";
import { openInApp } from "../open-in-app";
import { AlertLine } from "./alert-line";

/**
 * What a panel shows of an alert, with its day as the panel shows it ("Sat 3 Jan"), made by the loader. The
 * English sentence and the wa.me link the JSON API gives stay out of the page's data: the panel words the
 * line itself, and its WhatsApp button goes through the tracked route.
 */
export type PanelAlert = Pick<
  Alert,
  | "clientId"
  | "clientName"
  | "clientNameAr"
  | "mobileNumber"
  | "type"
  | "daysLeft"
  | "priority"
  | "whatsappMessage"
  | "familyMember"
  | "anniversaryType"
> &
  Pick<ContactFacts, "whatsappBlocked" | "lastContactWords"> & { dayLabel: string };

export function panelAlert(alert: Alert & ContactFacts, dayLabel: string): PanelAlert {
  return {
    clientId: alert.clientId,
    clientName: alert.clientName,
    clientNameAr: alert.clientNameAr,
    mobileNumber: alert.mobileNumber,
    type: alert.type,
    daysLeft: alert.daysLeft,
    priority: alert.priority,
    whatsappMessage: alert.whatsappMessage,
    familyMember: alert.familyMember,
    anniversaryType: alert.anniversaryType,
    whatsappBlocked: alert.whatsappBlocked,
    lastContactWords: alert.lastContactWords,
    dayLabel,
  };
}

const PRIORITY_STYLE: Record<AlertPriority, string> = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-gray-100 text-gray-700",
};

const PRIORITY_LABEL: Record<AlertPriority, string> = {
  high: "dashboard:alerts.priority.high",
  medium: "dashboard:alerts.priority.medium",
  low: "dashboard:alerts.priority.low",
};

/** "Today", "Tomorrow", "In 5 days", "Expired 2 days ago". */
function dueLabel(alert: Pick<Alert, "daysLeft">, t: TFunction): string {
  const d = alert.daysLeft;
  if (d < 0)
    return d === -1 ? t("dashboard:alerts.expiredYesterday") : t("dashboard:alerts.expiredDaysAgo", { count: -d });
  if (d === 0) return t("dashboard:alerts.today");
  if (d === 1) return t("dashboard:alerts.tomorrow");
  return t("dashboard:alerts.inDaysLeft", { count: d });
}

/** One client can have several birthdays in a panel: their own and their family's. */
export function alertKey(alert: Pick<Alert, "type" | "clientId" | "familyMember">): string {
  return `${alert.type}-${alert.clientId}-${alert.familyMember?.id ?? "client"}`;
}

/** A panel's alerts: `items` null when a whole page carried them as HTML (decision 033), `shown` of `total`. */
export type PanelList = { items: PanelAlert[] | null; shown: number; total: number };

/** The element holding a panel's alerts, sent as HTML by a whole-page load (../document-html.tsx). */
export function alertItemsId(testId: string): string {
  return `${testId}-items`;
}

/**
 * One alert panel (Birthdays, Anniversaries or Emirates ID): soonest first, the first rows of a
 * possibly long list with 'and N more', each with a WhatsApp chat prefilled with the client message.
 */
export function AlertPanel({
  title,
  testId,
  list,
  totalLabel,
  emptyText,
}: {
  title: string;
  testId: string;
  /** The badge beside the title, e.g. "12 in 30 days". */
  totalLabel: (total: number) => string;
  /** null when the alerts could not be loaded. */
  list: PanelList | null;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const itemsId = alertItemsId(testId);
  const documentHtml = useDocumentHtml(itemsId, list !== null && list.items === null);
  return (
    <section className="card flex flex-col" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${testId}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {list && list.total > 0 ? (
          <span className="badge bg-brand-100 text-brand-700" data-testid={`${testId}-total`}>
            {totalLabel(list.total)}
          </span>
        ) : null}
      </div>
      {list === null ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {t("dashboard:alerts.failed")}
        </p>
      ) : list.shown === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{emptyText}</p>
      ) : (
        <>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- one delegated handler for the alerts' links, which take keyboard input themselves */}
          <ul
            key={documentHtml === null ? "data" : "document"}
            id={documentHtml === null ? undefined : itemsId}
            className="mt-3 max-h-[32rem] divide-y divide-gray-100 overflow-y-auto"
            onClick={(event) => openInApp(event, navigate)}
            dangerouslySetInnerHTML={documentHtml === null ? undefined : { __html: documentHtml }}
          >
            {documentHtml === null ? <AlertItems items={list.items ?? []} /> : null}
          </ul>
          {list.total > list.shown ? (
            <p className="mt-2 text-sm text-gray-600" data-testid={`${testId}-more`}>
              {t("dashboard:alerts.more", { n: formatCount(list.total - list.shown, locale) })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * A panel's alerts as list items. Plain links and native forms only, so the server can write them
 * once as HTML for every page that shows the same alerts (./alert-items-html.server.tsx).
 */
export function AlertItems({ items }: { items: PanelAlert[] }) {
  const { t } = useTranslation();
  const { language } = usePageLocale();
  // Words every alert repeats, looked up once per panel rather than once per alert (50 a panel).
  const words = useMemo(
    () => ({
      priority: {
        high: t(PRIORITY_LABEL.high),
        medium: t(PRIORITY_LABEL.medium),
        low: t(PRIORITY_LABEL.low),
      } satisfies Record<AlertPriority, string>,
      lastContact: t("leads:card.lastContact"),
      whatsapp: t("clients:whatsapp.button"),
      followUp: t("dashboard:alerts.followUp"),
    }),
    [t],
  );
  return items.map((alert) => {
    const name = displayName({ fullName: alert.clientName, fullNameAr: alert.clientNameAr }, language);
    return (
      <li key={alertKey(alert)} className="lazy-item py-3" data-testid="alert">
        <div className="flex items-start justify-between gap-2">
          <a href={`/customers/${alert.clientId}`} className="min-w-0 font-medium hover:underline">
            <bdi>{name}</bdi>
          </a>
          <span className={clsx("badge shrink-0", PRIORITY_STYLE[alert.priority])}>
            {words.priority[alert.priority]}
          </span>
        </div>
        <p className="text-xs text-gray-600">
          <span className="font-medium">{dueLabel(alert, t)}</span> · {alert.dayLabel} ·{" "}
          <span dir="ltr">+{alert.mobileNumber}</span>
        </p>
        <p className="mt-1 text-sm text-gray-700">
          <AlertLine alert={alert} name={name} day={alert.dayLabel} />
        </p>
        {alert.lastContactWords ? (
          <p className="text-xs text-gray-600" data-testid="last-contact">
            {words.lastContact}
            <Said words={[alert.lastContactWords]} text="" />
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-start gap-2">
          <WhatsAppButton
            clientId={alert.clientId}
            clientName={name}
            message={alert.whatsappMessage}
            blockedReason={alert.whatsappBlocked}
            className="btn-secondary px-2 py-1 text-xs"
            label={words.whatsapp}
          />
          <a
            href={`/customers/${alert.clientId}/follow-up?back=/dashboard`}
            className="btn-ghost px-2 py-1 text-xs"
            aria-label={t("dashboard:alerts.followUpLabel", { name })}
          >
            {words.followUp}
          </a>
        </div>
      </li>
    );
  });
}
