import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { WhatsAppButton } from "~/components/clients/whatsapp-button";
import { QuoteTotals } from "~/components/quote-totals";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { appTimezone, businessToday } from "~/domain/calendar";
import { displayName, formatDay } from "~/domain/client-display";
import { parseClientListQuery } from "~/domain/client-filters";
import { isChannelWithdrawn } from "~/domain/consent";
import { rateList, shopClock } from "~/domain/gold-rates";
import { clientMessage, recipientLanguage } from "~/domain/message-templates";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { nameOfKey } from "~/domain/shop-lists";
import { formatAed, parseAedToFils } from "~/domain/money";
import { writeNumber } from "~/domain/numerals";
import type { Language } from "~/domain/languages";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { refusal } from "~/http/page-refusals.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { usePageLocale } from "~/i18n/i18n-provider";
import { metaText } from "~/i18n/meta-text";
import { KARAT_NAME_KEYS, MAKING_TYPE_KEYS } from "~/i18n/quote-labels";
import { getWhatsAppTarget } from "~/services/client-contact.server";
import { listClients } from "~/services/client-queries.server";
import { loadMessageBook } from "~/services/message-templates.server";
import { getQuote } from "~/services/quotes.server";
import { readShopLists } from "~/services/shop-lists.server";

export const handle: CatalogsHandle = { i18n: ["quotes", "clients", "profile"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "quotes:view.title")} | ${PRODUCT_NAME}` },
];

/** The clients a quote given to nobody may be turned into a sale for: the book's search, ten at most. */
async function clientChoices(search: string, viewer: Parameters<typeof listClients>[1], language: Language) {
  if (!search.trim()) return null;
  const page = await listClients(parseClientListQuery(new URLSearchParams({ search, limit: "10" })), viewer);
  return page.rows.map((row) => ({ id: row.id, name: displayName(row, language) }));
}

/**
 * A saved quote (any signed-in staff): its lines and sums, the rates it used, printed on one A4 page, shared by
 * WhatsApp in the client's language (the "quote" message an admin may reword on /profile/messages; the chat is
 * recorded on the client's timeline; withdrawn consent turns the button off), and turned into a sale.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { language } = await translatorFor(request, "quotes");
  const quote = params.id && params.id.length <= 100 ? await getQuote(params.id) : null;
  if (!quote) throw refusal(404, MESSAGE_CODES.quoteNotFound);
  const [lists, target] = await Promise.all([
    readShopLists(),
    quote.clientId === null ? null : getWhatsAppTarget(quote.clientId),
  ]);
  let share: { clientName: string; message: string; withdrawn: boolean } | null = null;
  if (target) {
    const clientLanguage = recipientLanguage(target);
    const validUntil = formatDay(businessToday(new Date(quote.validUntil)), clientLanguage);
    const message = clientMessage(await loadMessageBook(), "quote", target, () => ({
      quoteNumber: quote.number,
      total: formatAed(parseAedToFils(quote.total) ?? 0n, clientLanguage),
      validUntil,
    }));
    share = {
      clientName: displayName(target, language),
      message,
      withdrawn: isChannelWithdrawn(target.consents, "whatsapp"),
    };
  }
  const search = new URL(request.url).searchParams.get("client")?.slice(0, 100) ?? "";
  return {
    quote: {
      ...quote,
      lines: quote.lines.map((line) => ({
        ...line,
        categoryName: line.category ? nameOfKey(lists.itemCategories, line.category, language) : null,
      })),
    },
    day: businessToday(new Date(quote.createdAt)),
    validDay: businessToday(new Date(quote.validUntil)),
    ratesTime: shopClock(new Date(quote.ratesEffectiveAt), appTimezone()),
    share,
    search,
    choices: quote.clientId === null ? await clientChoices(search, user, language) : null,
  };
}

const amount = (decimal: string, locale: ReturnType<typeof usePageLocale>) =>
  formatAed(parseAedToFils(decimal) ?? 0n, locale);

export default function QuotePage() {
  const { quote, day, validDay, ratesTime, share, search, choices } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const hydrated = useHydrated();
  const grams = (text: string) => t("quotes:view.grams", { grams: writeNumber(text, locale.numerals) });
  const saleLink = (clientId: number) => `/customers/${clientId}/sale?quote=${encodeURIComponent(quote.id)}`;
  const jobLink = (clientId: number) => `/jobs/new?clientId=${clientId}&quote=${encodeURIComponent(quote.id)}`;
  return (
    <article className="print-page card mx-auto max-w-4xl text-sm" data-testid="quote">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 pb-2">
        <div>
          <p className="text-xs text-gray-600">{PRODUCT_NAME}</p>
          <h1 className="text-xl font-semibold">
            {t("quotes:view.title")} <bdi data-testid="quote-number">{quote.number}</bdi>
          </h1>
          <p>
            {share ? (
              <Trans i18nKey="quotes:new.forClient" values={{ name: share.clientName }} components={{ bdi: <bdi /> }} />
            ) : (
              t("quotes:view.noClient")
            )}
          </p>
        </div>
        <div className="text-end">
          <p>
            <Trans
              i18nKey="quotes:view.given"
              values={{ day: formatDay(day, locale), name: quote.createdByName }}
              components={{ bdi: <bdi /> }}
            />
          </p>
          <p className="font-medium" data-testid="quote-valid-until">
            {t("quotes:view.validUntil", { day: formatDay(validDay, locale) })}
          </p>
        </div>
      </header>

      <p className="mt-2 text-gray-700" data-testid="quote-rates-used">
        {t("quotes:view.ratesUsed", {
          time: writeNumber(ratesTime, locale.numerals),
          rates: rateList(quote.rates as Parameters<typeof rateList>[0])
            .map(({ key, amount: rate }) => `${t(KARAT_NAME_KEYS[key])} ${amount(rate, locale)}`)
            .join(" · "),
        })}
      </p>

      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-start [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:px-2 [&_th]:py-1">
          <thead className="bg-gray-50 text-xs text-gray-600">
            <tr>
              <th scope="col" className="text-start">
                {t("quotes:view.piece")}
              </th>
              <th scope="col" className="text-end">
                {t("quotes:view.metal")}
              </th>
              <th scope="col" className="text-end">
                {t("quotes:view.making")}
              </th>
              <th scope="col" className="text-end">
                {t("quotes:fields.stoneValue")}
              </th>
              <th scope="col" className="text-end">
                {t("quotes:view.vatRate")}
              </th>
              <th scope="col" className="text-end">
                {t("quotes:view.lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {quote.lines.map((line, n) => (
              <tr key={n} data-testid="quote-line-row">
                <td>
                  {line.description ? <bdi className="block">{line.description}</bdi> : null}
                  <span className="text-gray-700">
                    {[line.categoryName, t(KARAT_NAME_KEYS[line.karat]), grams(line.weightGrams)]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </td>
                <td className="text-end tabular-nums">{amount(line.metalValue, locale)}</td>
                <td className="text-end tabular-nums">
                  {amount(line.making, locale)}
                  {line.makingChargeType === "per_gram" ? (
                    <span className="block text-xs text-gray-600">
                      {t(MAKING_TYPE_KEYS.per_gram)}: {amount(line.makingCharge, locale)}
                    </span>
                  ) : null}
                </td>
                <td className="text-end tabular-nums">{amount(line.stoneValue, locale)}</td>
                <td className="text-end tabular-nums">
                  {line.vatRate === "0.00"
                    ? t("quotes:view.zeroRated")
                    : t("quotes:view.percent", {
                        rate: writeNumber(line.vatRate.replace(/\.00$/, ""), locale.numerals),
                      })}
                </td>
                <td className="text-end font-medium tabular-nums">{amount(line.lineTotal, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {quote.exchange.length > 0 ? (
        <>
          <h2 className="mt-3 font-semibold">{t("quotes:new.exchange")}</h2>
          <ul className="divide-y divide-gray-100" data-testid="quote-exchange-rows">
            {quote.exchange.map((line, n) => (
              <li key={n} className="flex flex-wrap justify-between gap-2 py-1">
                <span>
                  {t(KARAT_NAME_KEYS[line.karat])} · {grams(line.weightGrams)} ·{" "}
                  {t("quotes:view.deduction", { percent: writeNumber(line.deductionPercent, locale.numerals) })}
                </span>
                <span className="tabular-nums">{amount(line.credit, locale)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <div className="mt-3">
        <QuoteTotals
          subtotal={parseAedToFils(quote.subtotal) ?? 0n}
          vat={parseAedToFils(quote.vat) ?? 0n}
          exchangeCredit={parseAedToFils(quote.exchangeCredit) ?? 0n}
          total={parseAedToFils(quote.total) ?? 0n}
        />
      </div>
      <p className="mt-2 text-xs text-gray-600">{t("quotes:view.terms")}</p>

      <div className="print-hide mt-4 flex flex-wrap gap-2 border-t border-gray-200 pt-3">
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            {t("quotes:view.print")}
          </button>
        ) : (
          <span className="self-center text-gray-600">{t("quotes:view.printHint")}</span>
        )}
        {share && quote.clientId !== null ? (
          <WhatsAppButton
            clientId={quote.clientId}
            clientName={share.clientName}
            message={share.message}
            label={t("quotes:view.share")}
            blockedReason={share.withdrawn ? t("clients:whatsapp.withdrawn") : null}
          />
        ) : null}
        {quote.clientId !== null ? (
          <>
            <Link to={saleLink(quote.clientId)} className="btn-primary">
              {t("quotes:view.toSale")}
            </Link>
            <Link to={jobLink(quote.clientId)} className="btn-secondary">
              {t("quotes:view.toJob")}
            </Link>
            <Link to={`/customers/${quote.clientId}`} className="btn-ghost">
              {t("quotes:view.backToClient")}
            </Link>
          </>
        ) : null}
      </div>

      {quote.clientId === null ? (
        <section className="print-hide mt-4" aria-labelledby="quote-pick-client">
          <h2 id="quote-pick-client" className="font-semibold">
            {t("quotes:view.pickClient")}
          </h2>
          <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
            <Field id="quote-client-search" label={t("quotes:view.search")}>
              {(control) => (
                <input {...control} name="client" defaultValue={search} maxLength={100} className="input mt-1" />
              )}
            </Field>
            <button type="submit" className="btn-secondary">
              {t("quotes:view.find")}
            </button>
          </Form>
          {choices ? (
            choices.length === 0 ? (
              <p className="mt-2 text-gray-600">{t("quotes:view.noMatch")}</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100" data-testid="quote-client-choices">
                {choices.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-2 py-1">
                    <bdi>{c.name}</bdi>
                    <span className="flex flex-wrap gap-1">
                      <Link to={saleLink(c.id)} className="btn-secondary">
                        {t("quotes:view.toSale")}
                      </Link>
                      <Link to={jobLink(c.id)} className="btn-ghost">
                        {t("quotes:view.toJob")}
                      </Link>
                    </span>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
