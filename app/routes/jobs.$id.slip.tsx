import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { formatDay } from "~/domain/client-display";
import { JOB_STATUS_KEYS, JOB_TYPE_KEYS, parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { formatAed, parseAedToFils } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { slipHeading } from "~/domain/shop-details";
import { nameOfKey } from "~/domain/shop-lists";
import { refusal } from "~/http/page-refusals.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { getJob, jobAddressQr } from "~/services/jobs.server";
import { getShopDetails } from "~/services/shop-details.server";
import { readShopLists } from "~/services/shop-lists.server";

export const handle: CatalogsHandle = { i18n: ["jobs"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "jobs:slip.title")} | ${PRODUCT_NAME}` },
];

/**
 * /jobs/:id/slip?size=a5|80mm (every role): the job's slip to print and hand over, on A5 or an 80 mm till roll
 * (named pages in app/tailwind.css), with the shop's name, the job, its pieces and money, the promised date, a
 * QR code of the job's address and the shop's terms, the name and terms in the page's language (Shop settings).
 * Outside the app's layout, so nothing but the slip prints.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const { locale, language } = await translatorFor(request, "jobs");
  const id = parseJobId(params.id);
  const [job, lists, details] = await Promise.all([id ? getJob(id) : null, readShopLists(), getShopDetails()]);
  if (!job) throw refusal(404, MESSAGE_CODES.jobNotFound);
  const url = new URL(request.url);
  const money = (value: string | null) => (value === null ? null : formatAed(parseAedToFils(value) ?? 0n, locale));
  return {
    size: url.searchParams.get("size") === "80mm" ? ("80mm" as const) : ("a5" as const),
    qr: await jobAddressQr(new URL(`/jobs/${job.id}`, url).href),
    shop: slipHeading(details, language),
    job: {
      id: job.id,
      number: job.number,
      type: job.type,
      status: job.status,
      clientName: job.clientName,
      description: job.description,
      showroomName: nameOfKey(lists.showrooms, job.showroom, language),
      taken: formatDay(job.takenAt.slice(0, 10), locale),
      promised: formatDay(job.promisedDate, locale),
      price: money(job.price),
      paid: money(job.paid),
      balance: money(job.balance),
      items: job.items.map((i) => ({
        name: nameOfKey(lists.itemCategories, i.category, language),
        karat: i.karat === "none" ? null : `${i.karat}K`,
        weight: i.weightGrams,
        notes: i.notes,
      })),
    },
  };
}

export default function JobSlip() {
  const { size, qr, shop, job } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className={`job-slip job-slip-${size} mx-auto space-y-2 p-4 text-sm`} data-testid="job-slip">
      <p className="print-hide flex flex-wrap gap-3">
        <Link to={`/jobs/${job.id}`} className="text-brand-700 underline">
          ← {job.number}
        </Link>
        <Link to={`/jobs/${job.id}/slip?size=a5`} className="text-brand-700 underline">
          {t("jobs:slip.a5")}
        </Link>
        <Link to={`/jobs/${job.id}/slip?size=80mm`} className="text-brand-700 underline">
          {t("jobs:slip.roll")}
        </Link>
      </p>
      <h1 className="text-lg font-semibold">{shop.name}</h1>
      {job.showroomName ? <p>{job.showroomName}</p> : null}
      <p className="text-xl font-bold" dir="ltr">
        {job.number}
      </p>
      <p>
        {t(JOB_TYPE_KEYS[job.type])} · {t(JOB_STATUS_KEYS[job.status])}
      </p>
      <p>
        <bdi>{job.clientName}</bdi>
      </p>
      <p>{t("jobs:slip.taken", { day: job.taken })}</p>
      <p className="font-semibold">{t("jobs:list.promised", { day: job.promised })}</p>
      <p className="whitespace-pre-line">{job.description}</p>
      {job.items.length > 0 ? (
        <ul className="list-inside list-disc">
          {job.items.map((i, n) => (
            <li key={n}>
              {[i.name, i.karat].filter(Boolean).join(" ")}
              {i.weight ? <span dir="ltr"> · {i.weight} g</span> : null}
              {i.notes ? ` · ${i.notes}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-2">
        <dt>{t("jobs:detail.price")}</dt>
        <dd className="text-end tabular-nums">{job.price ?? t("jobs:detail.noPrice")}</dd>
        <dt>{t("jobs:detail.paidLabel")}</dt>
        <dd className="text-end tabular-nums">{job.paid}</dd>
        <dt>{t("jobs:detail.balance")}</dt>
        <dd className="text-end tabular-nums">{job.balance ?? "—"}</dd>
      </dl>
      <img src={qr} alt={t("jobs:slip.qr")} className="h-28 w-28" />
      {shop.terms ? (
        <section
          className="border-t border-gray-300 pt-1 text-xs"
          aria-labelledby="slip-terms"
          data-testid="slip-terms"
        >
          <h2 id="slip-terms" className="font-semibold">
            {t("jobs:slip.terms")}
          </h2>
          <p className="whitespace-pre-line">{shop.terms}</p>
        </section>
      ) : null}
    </main>
  );
}
