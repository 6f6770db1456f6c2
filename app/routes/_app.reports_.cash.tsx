import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { businessToday } from "~/domain/calendar";
import {
  CASH_REPORT_PAGE_SIZE,
  parseCashReportQuery,
  REFERENCE_MAX,
  REPORT_STATUSES,
  reportedSchema,
} from "~/domain/cash-rule";
import { formatDay } from "~/domain/client-display";
import { parseClientIds } from "~/domain/client-ids";
import { maskedValue } from "~/domain/client-privacy";
import { formatAed, parseAedToFils } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { CASH_KIND_KEYS, ID_TYPE_KEYS, REPORT_STATUS_KEYS } from "~/i18n/cash-keys";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { say, sayFieldError, sayPlain } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { listCashReports, markCashReported } from "~/services/cash-rule.server";

export const handle: CatalogsHandle = { i18n: ["cash", "reports", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "cash:report.title")} | ${PRODUCT_NAME}` },
];

/** The page's own address with a status and page, for the filter, the pager and the return after marking. */
function pageHref(status: string | null, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/reports/cash${query ? `?${query}` : ""}`;
}

/**
 * /reports/cash (admins; docs/guide/cash-rule.md): the cash transactions the cash rule flagged, newest first,
 * filtered by status and paged; each one due is marked reported with its goAML reference and day (a plain
 * form), and the list downloads as CSV (/reports/cash/download).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.cashReports });
  const { locale } = await translatorFor(request, "cash");
  const parsed = parseCashReportQuery(new URL(request.url).searchParams);
  const query = parsed.ok ? parsed : { status: null, page: 1 };
  const { rows, total } = await listCashReports(query);
  return {
    status: query.status,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / CASH_REPORT_PAGE_SIZE)),
    total,
    today: businessToday(),
    rows: rows.map((r) => ({
      ...r,
      day: formatDay(r.at, locale),
      cash: formatAed(parseAedToFils(r.cashAmount) ?? 0n, locale),
      reportedDay: r.reportedOn ? formatDay(r.reportedOn, locale) : null,
      // Masked like an Emirates ID for anyone but an admin (today only admins reach this page).
      idNumber: maskedValue("emiratesId", r.idNumber, user.role),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.cashReports });
  const { t } = await translatorFor(request, "cash");
  const form = await request.formData();
  const [id] = parseClientIds(formText(form, "id"));
  const back = formText(form, "back").startsWith("/reports/cash") ? formText(form, "back") : "/reports/cash";
  // A refusal answers the row's form as sent (Conform's reply): a typed reference is not lost without JavaScript.
  const submission = parseWithZod(form, { schema: reportedSchema(businessToday()), error: zodMessages(t) });
  if (!id)
    return data(
      { id: null, lastResult: submission.reply({ formErrors: [MESSAGE_CODES.cashTransactionNotFound] }) },
      { status: 400 },
    );
  if (submission.status !== "success") return data({ id, lastResult: submission.reply() }, { status: 400 });
  const result = await markCashReported(id, submission.value, { actor: user, ip: requestAddress(request) });
  if (!result.ok)
    return data(
      { id, lastResult: submission.reply({ formErrors: [sayPlain(t, result.message)] }) },
      { status: result.status },
    );
  return redirectWithToast(back, {
    type: "success",
    title: t("cash:report.marked"),
    description: t("cash:report.markedDescription", { reference: submission.value.reference }),
  });
}

export default function CashReports() {
  const { status, page, pages, total, rows, today } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation();
  // A refusal of the whole request (the row is gone, already reported) heads the page; a field's goes under it.
  const formError = refusal?.lastResult.error?.[""]?.[0];
  const busy = useNavigation().state === "submitting";
  const here = pageHref(status, page);
  const download = `/reports/cash/download${status ? `?status=${status}` : ""}`;
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <header>
        <Link to="/reports" className="text-sm text-brand-700 underline">
          ← {t("reports:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("cash:report.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("cash:report.intro")}</p>
        <p className="mt-1 text-sm">
          <Link to="/profile/cash-rule" className="text-brand-700 underline">
            {t("cash:report.settingsLink")}
          </Link>
        </p>
      </header>

      <div className="card flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <Field id="cash-status" label={t("cash:report.status")}>
            {(control) => (
              <select {...control} name="status" defaultValue={status ?? ""} className="input mt-1">
                <option value="">{t("cash:report.all")}</option>
                {REPORT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(REPORT_STATUS_KEYS[s])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="btn-secondary">
            {t("cash:report.filter")}
          </button>
        </Form>
        <a href={download} className="btn-secondary ms-auto" download>
          {t("cash:report.download")}
        </a>
      </div>

      <p className="text-sm text-gray-600" data-testid="cash-count">
        {t("cash:report.count", { count: total })}
      </p>

      {formError ? (
        <p role="alert" className="field-error" data-testid="cash-error">
          {say(t, formError)}
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">{t("cash:report.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table
            className="min-w-full text-start text-sm [&_td]:px-3 [&_td]:py-1.5 [&_td]:align-top [&_th]:px-3 [&_th]:py-1.5"
            data-testid="cash-reports"
          >
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col">{t("cash:report.at")}</th>
                <th scope="col">{t("cash:report.client")}</th>
                <th scope="col">{t("cash:report.kind")}</th>
                <th scope="col">{t("cash:report.idType")}</th>
                <th scope="col" className="text-end">
                  {t("cash:report.cashAmount")}
                </th>
                <th scope="col">{t("cash:report.status")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid="cash-report-row">
                  <td className="whitespace-nowrap">{r.day}</td>
                  <td>
                    <Link to={`/customers/${r.clientId}`} className="text-brand-700 underline">
                      <bdi>{r.clientName}</bdi>
                    </Link>
                  </td>
                  <td>{t(CASH_KIND_KEYS[r.kind])}</td>
                  <td>
                    {r.idType ? t(ID_TYPE_KEYS[r.idType]) : "—"}
                    {r.idNumber ? (
                      <span className="block" dir="ltr">
                        {r.idNumber}
                        {r.idNationality ? ` · ${r.idNationality}` : ""}
                      </span>
                    ) : null}
                  </td>
                  <td className="text-end tabular-nums">{r.cash}</td>
                  <td>
                    <span
                      className={`badge ${r.status === "reported" ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}
                    >
                      {t(REPORT_STATUS_KEYS[r.status])}
                    </span>
                    {r.status === "reported" ? (
                      <span className="mt-1 block text-gray-600">
                        {t("cash:report.reference")}: <bdi>{r.reference}</bdi> · {r.reportedDay}
                      </span>
                    ) : (
                      <MarkReportedForm
                        id={r.id}
                        back={here}
                        today={today}
                        busy={busy}
                        lastResult={refusal?.id === r.id ? refusal.lastResult : undefined}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 ? (
        <nav className="flex flex-wrap items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageHref(status, page - 1)} className="btn-secondary">
              {t("cash:report.previous")}
            </Link>
          ) : null}
          <span>{t("cash:report.page", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageHref(status, page + 1)} className="btn-secondary">
              {t("cash:report.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** A due row's "Mark reported": the goAML reference and the day, back as sent when refused. */
function MarkReportedForm({
  id,
  back,
  today,
  busy,
  lastResult,
}: {
  id: number;
  back: string;
  today: string;
  busy: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `mark-reported-${id}`,
    defaultValue: { reference: "", reportedOn: today },
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportedSchema(today), error: zodMessages(t) }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-2 flex flex-wrap items-end gap-2"
      data-testid="mark-reported"
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      <Field
        field={fields.reference}
        label={t("cash:report.reference")}
        error={sayFieldError(t, fields.reference.errors)}
      >
        {(control) => (
          <input
            {...getInputProps(fields.reference, { type: "text" })}
            {...control}
            required
            maxLength={REFERENCE_MAX}
            dir="ltr"
            className="input mt-1 w-40"
          />
        )}
      </Field>
      <Field
        field={fields.reportedOn}
        label={t("cash:report.reportedOn")}
        error={sayFieldError(t, fields.reportedOn.errors)}
      >
        {(control) => (
          <input
            {...getInputProps(fields.reportedOn, { type: "date" })}
            {...control}
            max={today}
            className="input mt-1"
          />
        )}
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>
        {t("cash:report.markReported")}
      </button>
    </Form>
  );
}
