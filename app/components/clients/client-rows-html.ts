import type { TFunction } from "i18next";
import { formatCount } from "~/domain/display-labels";
import type { ClientRowView } from "~/domain/client-row-view";
import type { Locale } from "~/domain/languages";
import type { Tier } from "~/domain/tiers";
import { labelTable, TIER_KEYS } from "~/i18n/label-keys";

export const SELECTION_FORM_ID = "customer-selection";
/** One form for every row's tracked WhatsApp button (each button sets its own formAction). */
export const WHATSAPP_FORM_ID = "customer-whatsapp";

const TIER_BADGE: Record<Tier, string> = {
  diamond: "bg-sky-100 text-sky-900",
  platinum: "bg-slate-200 text-slate-900",
  gold: "bg-amber-100 text-amber-900",
  silver: "bg-gray-100 text-gray-800",
  bronze: "bg-orange-100 text-orange-900",
};

/** Stands for the client's name in a label made once per table, filled in per row. */
const NAME = "\u0000";
const REASON = "\u0001";

/**
 * The rows' words in the page's language, looked up and escaped as HTML once per table rather than once
 * per cell: a page can hold 500 rows (issue #19). Labels naming the client keep a slot for the name.
 */
export function rowLabels(t: TFunction, locale: Locale) {
  const tiers = labelTable(TIER_KEYS, t);
  return {
    locale,
    // Typed text (names, addresses, free fields) is isolated on an Arabic page only: on an English one
    // each cell is its own bidi paragraph already, and a 500-row page stays as lean as it was.
    isolate: locale.language === "ar",
    tiers: Object.fromEntries(Object.entries(tiers).map(([tier, label]) => [tier, escapeHtml(label)])) as typeof tiers,
    select: escapeHtml(t("clients:table.select", { name: NAME })),
    owner: escapeHtml(t("clients:table.owner", { name: NAME })),
    lastPurchase: escapeHtml(t("clients:table.lastPurchaseCard")),
    daysAgo: escapeHtml(t("clients:table.daysAgo")),
    whatsapp: escapeHtml(t("clients:whatsapp.button")),
    whatsappLabel: escapeHtml(t("clients:whatsapp.label", { name: NAME })),
    whatsappBlocked: escapeHtml(t("clients:whatsapp.blockedLabel", { name: NAME, reason: REASON })),
    edit: escapeHtml(t("clients:table.edit")),
    editLabel: escapeHtml(t("clients:table.editLabel", { name: NAME })),
    view: escapeHtml(t("clients:table.view")),
    viewLabel: escapeHtml(t("clients:table.viewLabel", { name: NAME })),
  };
}
export type RowLabels = ReturnType<typeof rowLabels>;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** The characters ESCAPES writes as entities: every one of them, and (for a test, with no state) any. */
const SPECIALS = new RegExp(`[${Object.keys(ESCAPES).join("")}]`, "g");
const SPECIAL = new RegExp(SPECIALS.source);

/** Text or an attribute value as HTML: every character that could end either is written as an entity. */
export function escapeHtml(text: string): string {
  // Most values hold none: testing first keeps them as they are, half the time of replacing in each.
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}

/**
 * The table's rows as HTML, every value escaped. The rows are plain markup with no component state (the
 * table's one click handler gives the links client navigation and the page counts ticked boxes by their
 * native change events), so they are written as a string, on the server and in the browser alike: React
 * took about a third of a 500-row page's server time to write the same markup (issue #19,
 * docs/decisions/023-client-rows-sent-once.md).
 */
export function clientRowsHtml(
  rows: readonly ClientRowView[],
  labels: RowLabels,
  linkSearch: string,
  basePath: string,
): string {
  return clientRowHtmls(rows, labels, linkSearch, basePath).join("");
}

/**
 * The same HTML as one string per row, for the server to encode row by row (htmlBytes): one string of 500
 * rows built by `+=` was flattened before it was encoded, which cost more than the encoding.
 */
export function clientRowHtmls(
  rows: readonly ClientRowView[],
  labels: RowLabels,
  linkSearch: string,
  basePath: string,
): string[] {
  const typed = (text: string) => (labels.isolate ? `<bdi>${escapeHtml(text)}</bdi>` : escapeHtml(text));
  const base = escapeHtml(basePath);
  const search = escapeHtml(linkSearch);
  return rows.map((r) => {
    const name = escapeHtml(r.name);
    // Replaced by a function: a replacement string would read "$&" or "$'" in a name as patterns.
    const named = (label: string) => label.replace(NAME, () => name);
    const ownerName = r.ownerName === null ? null : escapeHtml(r.ownerName);
    const owner = ownerName
      ? `<span class="badge ms-1 bg-brand-100 text-brand-700" title="${labels.owner.replace(NAME, () => ownerName)}">${typed(r.ownerInitials)}</span>`
      : "";
    const mobile = r.mobile
      ? `<a href="tel:+${escapeHtml(r.mobile)}"${labels.isolate ? ' dir="ltr"' : ""}>+${escapeHtml(r.mobile)}</a>`
      : "—";
    const daysSince =
      r.daysSince === null
        ? "—"
        : `${escapeHtml(formatCount(r.daysSince, labels.locale))}<span class="card-label">${labels.daysAgo}</span>`;
    const blocked = r.whatsappBlocked === null ? null : escapeHtml(r.whatsappBlocked);
    const whatsapp =
      blocked !== null
        ? `<button type="button" disabled="" title="${blocked}" aria-label="${named(labels.whatsappBlocked).replace(REASON, () => blocked)}" class="me-2 text-gray-400">${labels.whatsapp}</button>`
        : `<button type="submit" form="${WHATSAPP_FORM_ID}" formaction="/customers/${r.id}/whatsapp" aria-label="${named(labels.whatsappLabel)}" class="me-2 text-green-700 hover:underline">${labels.whatsapp}</button>`;
    return (
      `<tr><td><input type="checkbox" name="clientIds" value="${r.id}" form="${SELECTION_FORM_ID}" aria-label="${named(labels.select)}"/></td>` +
      `<td class="font-medium">${labels.isolate ? `<bdi>${name}</bdi>` : name} <span class="badge ${TIER_BADGE[r.tier]}">${labels.tiers[r.tier]}</span>${owner}</td>` +
      `<td>${mobile}</td><td>${typed(r.address)}</td><td>${escapeHtml(r.dateOfBirth)}</td>` +
      `<td class="text-end">${escapeHtml(r.totalSale)}</td>` +
      `<td><span class="card-label">${labels.lastPurchase}</span>${escapeHtml(r.lastPurchase)}</td>` +
      `<td class="text-end">${daysSince}</td><td>${typed(r.email)}</td><td>${escapeHtml(r.team)}</td>` +
      `<td>${typed(r.idNumber)}</td><td${r.idExpired ? ' class="text-red-700"' : ""}>${escapeHtml(r.idExpiry)}</td>` +
      `<td>${typed(r.pepStatus)}</td>` +
      `<td>${whatsapp}<a href="${base}/${r.id}/edit${search}" aria-label="${named(labels.editLabel)}">${labels.edit}</a>` +
      `<a href="${base}/${r.id}${search}" aria-label="${named(labels.viewLabel)}">${labels.view}</a></td></tr>`
    );
  });
}
