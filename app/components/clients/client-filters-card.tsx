import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { COUNTRIES, EMIRATES } from "~/domain/client-enums";
import { nameIn } from "~/domain/messages";
import type { ShopChoice } from "~/domain/shop-lists";
import { ownerFilterParam } from "~/domain/client-owner";
import {
  activeFilterCount,
  DEFAULT_PAGE_SIZE,
  hasActiveFilters,
  NOT_PURCHASED_MONTHS,
  type ClientListQuery,
} from "~/domain/client-filters";
import { INACTIVE_AFTER_DAYS } from "~/domain/client-windows";
import { CLIENT_SORT_CHOICES, clientSortParam } from "~/domain/client-sort";
import { TIERS } from "~/domain/tiers";
import { COUNTRY_KEYS, EMIRATE_KEYS, SORT_KEYS, TIER_KEYS } from "~/i18n/label-keys";

/** docs/product-rules.md §9: the search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Search and filters as a GET form, so every view is a URL and works without JavaScript. The page
 * is not part of the form: any change of search or filter goes back to page 1 (docs/product-rules.md §4).
 * On a phone the filters fold into a closed <details> under the search box; from 640 px up its
 * summary is hidden and its content always shown (the `filter-fold` rules in app/tailwind.css).
 */
export function ClientFiltersCard({
  query,
  action,
  owners,
  teams,
}: {
  query: ClientListQuery;
  action: string;
  owners: { id: string; name: string }[];
  /** The shop's teams, inactive ones too: old clients keep a team no longer offered. */
  teams: readonly ShopChoice[];
}) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      className="card grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,3fr)]"
      onChange={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.tagName === "SELECT" || target.type === "checkbox") apply();
      }}
    >
      <div className="grid content-start gap-3">
        <Field id="customer-search" label={t("clients:filters.search")}>
          {(control) => (
            <input
              {...control}
              name="search"
              type="search"
              defaultValue={query.search}
              placeholder={t("clients:filters.searchPlaceholder")}
              className="input mt-1"
              onChange={() => {
                clearTimeout(timer.current);
                timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
              }}
            />
          )}
        </Field>
        {/* The order, in view on a phone too: its cards have no column headers, and no header offers Added or Owner. */}
        <Field id="client-sort" label={t("clients:filters.sortBy")}>
          {(control) => (
            <div className="mt-1 flex gap-2">
              <select
                {...control}
                name="sort"
                defaultValue={clientSortParam(query.sort)}
                key={clientSortParam(query.sort)}
                className="input"
              >
                {CLIENT_SORT_CHOICES.map((choice) => (
                  <option key={clientSortParam(choice)} value={clientSortParam(choice)}>
                    {t(SORT_KEYS[choice.key][choice.direction])}
                  </option>
                ))}
              </select>
              {/* With JavaScript a change applies at once; without it Apply sits in the phone's closed fold. */}
              <noscript>
                <button type="submit" className="btn-secondary">
                  {t("clients:filters.sort")}
                </button>
              </noscript>
            </div>
          )}
        </Field>
      </div>
      <details className="filter-fold">
        <summary className="btn-secondary w-full cursor-pointer">
          {t("clients:filters.active", { count: activeFilterCount(query) })}
        </summary>
        <div className="grid gap-3 max-sm:pt-3 sm:grid-cols-3 lg:grid-cols-6">
          <FilterSelect
            name="tier"
            label={t("clients:filters.tier")}
            value={query.tier}
            options={TIERS.map((tier) => [tier, t(TIER_KEYS[tier])])}
          />
          <FilterSelect
            name="emirate"
            label={t("clients:filters.emirate")}
            value={query.emirate}
            options={EMIRATES.map((e) => [e, t(EMIRATE_KEYS[e])])}
          />
          <FilterSelect
            name="country"
            label={t("clients:filters.country")}
            value={query.country}
            options={COUNTRIES.map((c) => [c, t(COUNTRY_KEYS[c])])}
          />
          <FilterSelect
            name="team"
            label={t("clients:filters.team")}
            value={query.team}
            options={teams.map((team) => [team.key, nameIn(i18n.language, team)])}
          />
          <FilterSelect
            name="notPurchasedFor"
            label={t("clients:filters.notPurchasedFor")}
            value={query.notPurchasedFor}
            options={NOT_PURCHASED_MONTHS.map((m) => [String(m), t("clients:filters.months", { count: m })])}
          />
          <FilterSelect
            name="owner"
            label={t("clients:filters.owner")}
            value={query.owner ? ownerFilterParam(query.owner) : null}
            options={[
              ["me", t("clients:list.myClients")],
              ["none", t("clients:list.unassigned")],
              ...owners.map((o): [string, string] => [o.id, o.name]),
            ]}
          />
          {query.limit !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="limit" value={query.limit} /> : null}
          <div className="flex flex-wrap items-end gap-2 sm:col-span-3 lg:col-span-6">
            <label className="me-auto flex items-center gap-2 self-center text-sm">
              <input
                type="checkbox"
                name="inactive"
                value="1"
                defaultChecked={query.inactive}
                key={String(query.inactive)}
              />
              {t("clients:filters.inactiveOnly", { days: INACTIVE_AFTER_DAYS })}
            </label>
            <button type="submit" className="btn-primary">
              {t("clients:filters.apply")}
            </button>
            {hasActiveFilters(query) ? (
              <Link to={action} className="btn-ghost">
                {t("clients:filters.clear")}
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </Form>
  );
}

function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | number | null;
  options: [string, string][];
}) {
  const { t } = useTranslation();
  const id = `filter-${name}`;
  return (
    <Field id={id} label={label}>
      {(control) => (
        <select
          {...control}
          name={name}
          defaultValue={value === null ? "" : String(value)}
          key={String(value)}
          className="input mt-1"
        >
          <option value="">{t("clients:filters.all")}</option>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
