import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { displayName } from "~/domain/client-display";
import { Link } from "@remix-run/react";
import type { Alert } from "~/domain/alerts";
import { RELATION_KEYS } from "~/i18n/label-keys";
import { usePageLocale } from "~/i18n/i18n-provider";
import type { MyDay } from "~/services/my-day.server";
import { WhatsAppButton } from "./clients/whatsapp-button";
import { alertKey } from "./dashboard/alert-panel";
import { JobCountsLine } from "./jobs/job-counts-line";

/** "Birthday", "Anniversary", or a family member's: "Daughter Mariam turns 8". */
function occasionLabel(alert: Alert, t: TFunction): string {
  const member = alert.familyMember;
  if (member)
    return t("dashboard:myDay.turns", {
      relation: t(RELATION_KEYS[member.relation]),
      name: member.name,
      age: member.age,
    });
  return alert.type === "birthday" ? t("dashboard:myDay.birthday") : t("dashboard:myDay.anniversary");
}

function Row({
  clientId,
  clientName,
  detail,
  message,
  blockedReason,
  urgent,
}: {
  clientId: number;
  clientName: string;
  detail: string;
  message?: string | null;
  blockedReason: string | null;
  urgent?: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="my-day-item">
      <div className="min-w-0">
        <Link to={`/customers/${clientId}`} className="font-medium hover:underline">
          <bdi>{clientName}</bdi>
        </Link>
        <p className={urgent ? "text-xs font-medium text-red-700" : "text-xs text-gray-600"}>{detail}</p>
      </div>
      <WhatsAppButton
        clientId={clientId}
        clientName={clientName}
        message={message}
        blockedReason={blockedReason}
        className="btn-secondary px-2 py-1 text-xs"
      />
    </li>
  );
}

function Group({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="text-sm font-semibold text-gray-700">{title}</h3>
      {empty ? (
        <p className="py-2 text-sm text-gray-600">{t("dashboard:myDay.nothing")}</p>
      ) : (
        <ul className="divide-y divide-gray-100">{children}</ul>
      )}
    </div>
  );
}

/**
 * "Today" at the top of a user's home page: their follow-ups due or overdue, occasions of their
 * clients this week and their clients' expiring Emirates IDs, each with its tracked WhatsApp; the jobs they took
 * waiting to be collected or overdue.
 * Server-rendered plain lists, so it is light on a phone and needs no JavaScript.
 */
export function MyDaySection({ day }: { day: MyDay }) {
  const { t } = useTranslation();
  const { language } = usePageLocale();
  return (
    <section className="card" aria-labelledby="my-day-title" data-testid="my-day">
      <h2 id="my-day-title" className="text-lg font-semibold">
        {t("dashboard:myDay.title")}
      </h2>
      <JobCountsLine counts={day.jobs} mine />
      <div className="mt-2 grid gap-4 md:grid-cols-3">
        <Group title={t("dashboard:myDay.followUps")} empty={day.followUps.length === 0}>
          {day.followUps.map((f) => (
            <Row
              key={f.id}
              clientId={f.clientId}
              clientName={f.clientName}
              detail={`${f.daysLeft < 0 ? t("dashboard:myDay.overdueSince", { day: f.dayLabel }) : t("dashboard:myDay.dueToday")}${f.note ? ` · ${f.note}` : ""}`}
              blockedReason={f.whatsappBlocked}
              urgent={f.daysLeft < 0}
            />
          ))}
        </Group>
        <Group title={t("dashboard:myDay.occasions")} empty={day.occasions.length === 0}>
          {day.occasions.map((a) => (
            <Row
              key={alertKey(a)}
              clientId={a.clientId}
              clientName={displayName({ fullName: a.clientName, fullNameAr: a.clientNameAr }, language)}
              detail={`${occasionLabel(a, t)} · ${a.dayLabel}`}
              message={a.whatsappMessage}
              blockedReason={a.whatsappBlocked}
            />
          ))}
        </Group>
        <Group title={t("dashboard:myDay.expiringIds")} empty={day.expiringIds.length === 0}>
          {day.expiringIds.map((a) => (
            <Row
              key={`id-${a.clientId}`}
              clientId={a.clientId}
              clientName={displayName({ fullName: a.clientName, fullNameAr: a.clientNameAr }, language)}
              detail={t("dashboard:myDay.idExpires", { day: a.dayLabel })}
              message={a.whatsappMessage}
              blockedReason={a.whatsappBlocked}
              urgent={a.daysLeft <= 7}
            />
          ))}
        </Group>
      </div>
    </section>
  );
}
