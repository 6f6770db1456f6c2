import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { anniversaryName, firstName, messageTemplate, type Alert } from "~/domain/alerts";
import { type ANNIVERSARY_TYPES } from "~/domain/client-enums";
import type { FamilyRelation } from "~/domain/family";
import { isolatedNames } from "~/i18n/isolated-names";

const RELATION_WORD_KEYS: Record<FamilyRelation, string> = {
  spouse: "clients:alertLine.relation.spouse",
  daughter: "clients:alertLine.relation.daughter",
  son: "clients:alertLine.relation.son",
  child: "clients:alertLine.relation.child",
  mother: "clients:alertLine.relation.mother",
  father: "clients:alertLine.relation.father",
  other: "clients:alertLine.relation.other",
};

const OCCASION_KEYS: Record<(typeof ANNIVERSARY_TYPES)[number], string> = {
  "Wedding Anniversary": "clients:alertLine.occasion.wedding",
  Graduation: "clients:alertLine.occasion.graduation",
  "Work Anniversary": "clients:alertLine.occasion.work",
  "Business Anniversary": "clients:alertLine.occasion.business",
  "Engagement Anniversary": "clients:alertLine.occasion.engagement",
  Other: "clients:alertLine.occasion.other",
};

/** The anniversary's name; a type outside the list (older data) reads as the alert's English does. */
function occasion(type: string | null, t: TFunction): string {
  const key = OCCASION_KEYS[(type?.trim() || "Other") as keyof typeof OCCASION_KEYS];
  return key ? t(key) : anniversaryName(type);
}

/**
 * The staff line of an alert in the page's language: the same sentence `Alert.message` writes in
 * English (app/domain/client-alerts.ts, which the JSON keeps), from the alert's facts. `name` is the client's
 * name as the page shows it; `day` the alert's date as the panel labels it. Names go in <bdi>.
 */
export function staffLine(
  alert: Pick<Alert, "daysLeft" | "familyMember" | "type" | "anniversaryType">,
  name: string,
  day: string,
  t: TFunction,
): { key: string; values: Record<string, string | number> } {
  const d = alert.daysLeft;
  const imminent = messageTemplate(d) === "imminent";
  const when = d === 0 ? t("clients:alertLine.today") : t("clients:alertLine.tomorrow");
  const member = alert.familyMember;
  if (member) {
    const values = {
      client: firstName(name),
      relation: t(RELATION_WORD_KEYS[member.relation]),
      member: member.name,
      age: member.age,
    };
    return imminent
      ? { key: "clients:alertLine.familySoon", values: { ...values, when } }
      : { key: "clients:alertLine.familyUpcoming", values: { ...values, count: d, day } };
  }
  switch (alert.type) {
    case "birthday":
      return imminent
        ? { key: "clients:alertLine.birthdaySoon", values: { name, when } }
        : { key: "clients:alertLine.birthdayUpcoming", values: { name, count: d, day } };
    case "anniversary": {
      const occasionName = occasion(alert.anniversaryType, t);
      return imminent
        ? { key: "clients:alertLine.anniversarySoon", values: { name, when, occasion: occasionName } }
        : {
            key: "clients:alertLine.anniversaryUpcoming",
            values: { name, count: d, day, occasion: occasionName.toLowerCase() },
          };
    }
    case "emirates_id_expired":
      return d === -1
        ? { key: "clients:alertLine.idExpiredYesterday", values: { name, day } }
        : { key: "clients:alertLine.idExpired", values: { name, count: -d, day } };
    case "emirates_id_expiring":
      return imminent
        ? { key: "clients:alertLine.idExpiresSoon", values: { name, when } }
        : { key: "clients:alertLine.idExpiresIn", values: { name, count: d, day } };
  }
}

/** The values of a staff line that are names (the catalog puts each in <bdi>). */
const NAME_VALUES = ["name", "client", "member"] as const;

/** An alert's line for staff, in the page's language, with the names isolated. */
export function AlertLine({ alert, name, day }: { alert: Parameters<typeof staffLine>[0]; name: string; day: string }) {
  const { t } = useTranslation();
  const { key, values } = staffLine(alert, name, day, t);
  return isolatedNames(t, key, values, NAME_VALUES).map((piece, i) =>
    piece.isolated ? <bdi key={i}>{piece.text}</bdi> : piece.text,
  );
}
