import { readPageUntilWritten } from "~/cache/kept-pages.server";
import { isoFromDate, type IsoDate } from "~/domain/calendar";
import { formatDay, displayName } from "~/domain/client-display";
import type { ClientRowView } from "~/domain/client-row-view";
import { addressLabel, type AddressWords } from "~/domain/client-enums";
import { isErasedMobile } from "~/domain/client-erasure";
import { clientListSearch, daysSincePurchase, DEFAULT_PAGE_SIZE, type ClientListQuery } from "~/domain/client-filters";
import { ownerInitials } from "~/domain/client-owner";
import type { Locale } from "~/domain/languages";
import { formatAed } from "~/domain/money";
import type { Tier } from "~/domain/tiers";
import { fixedT } from "~/i18n/i18n.server";
import { nameOfKey } from "~/domain/shop-lists";
import { COUNTRY_KEYS, EMIRATE_KEYS, labelTable } from "~/i18n/label-keys";
import { listClients } from "./client-queries.server";
import { readShopLists } from "./shop-lists.server";
import type { Viewer } from "./client-record.server";

/** A page of the client book as the table shows it. */
export type ClientBookPage = { rows: ClientRowView[]; totalCount: number; totalPages: number };

/** What a page depends on: its list, who views it, in which language and digits, under which path, on which day. */
export type ClientBookAsk = {
  query: ClientListQuery;
  viewer: Viewer;
  locale: Locale;
  /** /customers or /customer-history: the rows' links open under the list the user is on. */
  basePath: string;
  today: IsoDate;
};

/**
 * One page of the client book for a viewer, in their language, with its rows worded for the table
 * (/customers and /customer-history, `basePath`). A page of up to 500 rows is kept until the
 * database is written (decision 033): staff reload it and come back to it far more often than
 * clients change. Its key holds everything the rows depend on: the viewer (owner=me) and their role
 * (masked IDs and mobiles), the language and digits, the path, the search and the day.
 */
export function readClientBookPage(asked: ClientBookAsk): Promise<ClientBookPage> {
  const { query, viewer, locale, basePath, today } = asked;
  const read = () => clientBookPage(asked);
  if (query.limit > DEFAULT_PAGE_SIZE) return read();
  const worded = `${JSON.stringify(locale)} ${basePath}${clientListSearch(query)}`;
  return readPageUntilWritten(`client-book ${viewer.id} ${viewer.role} ${today} ${worded}`, read);
}

async function clientBookPage({ query, viewer, locale, today }: ClientBookAsk): Promise<ClientBookPage> {
  const [page, { teams }] = await Promise.all([listClients(query, viewer, today), readShopLists()]);
  const t = fixedT(locale, "clients");
  const language = locale.language;
  // Labels looked up once per page, not once per row (a page can hold 500 rows).
  const addressWords: AddressWords = {
    countries: labelTable(COUNTRY_KEYS, t),
    emirates: labelTable(EMIRATE_KEYS, t),
    separator: t("clients:list.areaSeparator"),
  };
  const whatsappWithdrawn = t("clients:whatsapp.withdrawn");
  // A page's few owners, each one's initials worked out once.
  const initials = new Map<string | null, string>();
  const initialsOf = (name: string | null) => {
    let found = initials.get(name);
    if (found === undefined) initials.set(name, (found = ownerInitials(name)));
    return found;
  };
  const rows: ClientRowView[] = page.rows.map((c) => {
    const lastPurchase = c.lastPurchaseDate ? isoFromDate(c.lastPurchaseDate) : null;
    const expiry = c.emiratesIdExpiry ? isoFromDate(c.emiratesIdExpiry) : null;
    return {
      id: c.id,
      name: displayName(c, language),
      mobile: isErasedMobile(c.mobileNumber) ? null : c.mobileNumber,
      address: addressLabel(c, addressWords),
      dateOfBirth: formatDay(c.dateOfBirth, locale),
      totalSale: formatAed(c.totalSalesFils, locale),
      lastPurchase: formatDay(c.lastPurchaseDate, locale),
      daysSince: daysSincePurchase(lastPurchase, today),
      email: c.email ?? "—",
      team: nameOfKey(teams, c.team, language) ?? "—",
      idNumber: c.emiratesId ?? "—",
      idExpiry: formatDay(c.emiratesIdExpiry, locale),
      idExpired: expiry !== null && expiry < today,
      pepStatus: c.pepStatus ?? "—",
      tier: c.tier as Tier,
      ownerName: c.owner?.name ?? null,
      ownerInitials: initialsOf(c.owner?.name ?? null),
      whatsappBlocked: c.consentWhatsapp === "withdrawn" ? whatsappWithdrawn : null,
    };
  });
  return { rows, totalCount: page.totalCount, totalPages: page.totalPages };
}
