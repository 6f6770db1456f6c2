import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { WhatsAppButton } from "~/components/clients/whatsapp-button";
import { buyerIdOfForm, PaymentMethodFields, type PostedBuyerId } from "~/components/jobs/payment-method-fields";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { displayName, formatDay } from "~/domain/client-display";
import { formatCount } from "~/domain/display-labels";
import { isChannelWithdrawn } from "~/domain/consent";
import {
  balanceAfterPayment,
  JOB_REASON_MAX,
  JOB_STATUS_KEYS,
  JOB_TYPE_KEYS,
  jobMoveSchema,
  type JobStatus,
  jobPaymentSchema,
  type JobPaymentInput,
  mayClose,
  parseJobId,
} from "~/domain/jobs";
import { clientMessage, recipientLanguage } from "~/domain/message-templates";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { formatAed, parseAedToFils } from "~/domain/money";
import type { Language } from "~/domain/languages";
import { MAX_JOB_PHOTOS } from "~/domain/job-photos";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { nameOfKey } from "~/domain/shop-lists";
import { formText } from "~/http/form-text";
import { refusal as pageRefusal } from "~/http/page-refusals.server";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { PAYMENT_METHOD_KEYS } from "~/i18n/cash-keys";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { usePageLocale } from "~/i18n/i18n-provider";
import { translatorFor } from "~/i18n/i18n.server";
import { METAL_KEYS, STONE_KEYS } from "~/i18n/label-keys";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { parseTyped } from "~/i18n/parse-typed";
import { getWhatsAppTarget } from "~/services/client-contact.server";
import { deleteJobPhoto, listJobPhotos } from "~/services/job-photos.server";
import { getJob, moveJob, recordJobPayment, refundJobPayment, type JobDetailJson } from "~/services/jobs.server";
import { loadMessageBook } from "~/services/message-templates.server";
import { readShopLists } from "~/services/shop-lists.server";
import type { Metal, Stone } from "~/domain/sales";

export const handle: CatalogsHandle = {
  i18n: ["jobs", "clients", "clientForm", "dashboard", "cash", "validation", "profile"],
};

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "jobs:detail.title")} | ${PRODUCT_NAME}` },
];

async function jobOf(params: { id?: string }) {
  const id = parseJobId(params.id);
  const job = id ? await getJob(id) : null;
  if (!job) throw pageRefusal(404, MESSAGE_CODES.jobNotFound);
  return job;
}

/**
 * The payment form in front of the API's schema (POST /api/jobs/:id/payments): the passport only when its number is
 * typed. Fields are named as the JSON is (`buyerId.number`), so its errors land on them.
 */
const paymentFormSchema = () =>
  z.preprocess((posted) => {
    const { buyerId, ...payment } = posted as { buyerId?: PostedBuyerId };
    return { ...payment, buyerId: buyerIdOfForm(buyerId) };
  }, jobPaymentSchema());

/** The payment form's fields, as its names say them. */
type PaymentFields = { amount: string; method: string; buyerId: { number: string; nationality: string } };

/** A move's form in front of the API's schema (POST /api/jobs/:id/status): the override is a ticked box. */
const moveFormSchema = () =>
  z.preprocess((posted) => {
    const { override, ...move } = posted as { override?: string };
    return { ...move, override: override === "1" };
  }, jobMoveSchema());

/** What the action answers a refused payment or move: Conform's reply, and which move's form it is. */
type FormAnswer =
  { form: "pay"; result: SubmissionResult } | { form: "move"; status: string; result: SubmissionResult };

/**
 * The "job_ready" message (an admin may reword it on /profile/messages) in the client's language, naming the job,
 * the piece (its pieces' categories, else the description's first line) and the balance due; null unless the job
 * is ready and its client is in the book. Withdrawn WhatsApp consent turns the button off.
 */
async function readyMessage(job: JobDetailJson, lists: Awaited<ReturnType<typeof readShopLists>>, language: Language) {
  if (job.status !== "ready") return null;
  const target = await getWhatsAppTarget(job.clientId);
  if (!target) return null;
  const clientLanguage = recipientLanguage(target);
  const pieces = job.items.map((i) => nameOfKey(lists.itemCategories, i.category, clientLanguage));
  const piece = pieces.length > 0 ? pieces.join(", ") : (job.description.split("\n")[0] ?? "").trim().slice(0, 80);
  const message = clientMessage(await loadMessageBook(), "job_ready", target, () => ({
    jobNumber: job.number,
    piece,
    balance: formatAed(parseAedToFils(job.balance ?? "0") ?? 0n, clientLanguage),
  }));
  return {
    clientName: displayName(target, language),
    message,
    withdrawn: isChannelWithdrawn(target.consents, "whatsapp"),
  };
}

/**
 * /jobs/:id (every role; docs/guide/jobs.md): the job, its pieces and money, the buttons of the moves it may make
 * (deliver and cancel for admin, sales front and sales back), the payment form and the history.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { locale, language } = await translatorFor(request, "jobs");
  const [job, lists] = await Promise.all([jobOf(params), readShopLists()]);
  const photos = await listJobPhotos(job.id);
  const money = (value: string | null) => (value === null ? null : formatAed(parseAedToFils(value) ?? 0n, locale));
  const closer = mayClose(user.role);
  const ready = await readyMessage(job, lists, language);
  return {
    ready,
    photos,
    job: {
      ...job,
      promised: formatDay(job.promisedDate, locale),
      taken: formatDay(job.takenAt.slice(0, 10), locale),
      priceText: money(job.price),
      paidText: money(job.paid),
      balanceText: money(job.balance),
      owed: (parseAedToFils(job.balance ?? "0") ?? 0n) > 0n,
      showroomName: nameOfKey(lists.showrooms, job.showroom, language),
      items: job.items.map((i) => ({ ...i, categoryName: nameOfKey(lists.itemCategories, i.category, language) })),
      payments: job.payments.map((p) => ({
        ...p,
        amountText: money(p.amount),
        day: formatDay(p.paidOn, locale),
        refundedDay: p.refundedOn && formatDay(p.refundedOn, locale),
      })),
      mayRefund: closer && job.status === "cancelled",
      history: job.history.map((h) => ({ ...h, day: formatDay(h.at.slice(0, 10), locale) })),
      moves: job.allowedMoves.filter((to) => closer || (to !== "delivered" && to !== "cancelled")),
      mayDeletePhotos: closer,
    },
    isAdmin: user.role === "admin",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "jobs");
  const job = await jobOf(params);
  const form = await request.formData();
  const context = { actor: user, ip: requestAddress(request) };
  const here = `/jobs/${job.id}`;
  // A row's button (a photo's Delete, a payment's Refund): the row by its id, a missing or junk id as not found.
  const onRow = async (
    idField: string,
    missing: Message,
    change: (rowId: number) => Promise<{ ok: true } | { ok: false; status: number; message: Message }>,
    refusalForm: "photos" | "refund",
    doneTitle: string,
  ) => {
    const rowId = parseJobId(formText(form, idField) ?? undefined);
    const result = rowId ? await change(rowId) : ({ ok: false, status: 404, message: missing } as const);
    if (!result.ok) return data({ form: refusalForm, error: say(t, result.message) }, { status: result.status });
    return redirectWithToast(here, { type: "success", title: doneTitle, description: job.number });
  };
  if (formText(form, "intent") === "deletePhoto")
    return onRow(
      "photoId",
      message(MESSAGE_CODES.jobPhotoNotFound),
      (photoId) => deleteJobPhoto(job.id, photoId, context),
      "photos",
      t("jobs:photos.deleted"),
    );
  if (formText(form, "intent") === "refund")
    return onRow(
      "paymentId",
      message(MESSAGE_CODES.jobPaymentNotFound),
      (paymentId) => refundJobPayment(job.id, paymentId, context),
      "refund",
      t("jobs:detail.refunded"),
    );
  // Payment and move are parsed as the browser parsed them (no coercion: the JSON's text), said with their values.
  const parse = <Schema extends z.ZodType>(schema: Schema) => parseTyped(form, schema, t);
  // A service's refusal under the field it names, else over the form.
  const refusal = (path: string, fields: readonly string[], said: Message) =>
    fields.includes(path) ? { fieldErrors: { [path]: [say(t, said)] } } : { formErrors: [say(t, said)] };
  if (formText(form, "intent") === "pay") {
    const submission = parse(paymentFormSchema());
    if (submission.status !== "success")
      return data<FormAnswer>({ form: "pay", result: submission.reply() }, { status: 400 });
    const result = await recordJobPayment(job.id, submission.value, context);
    if (!result.ok)
      return data<FormAnswer>(
        {
          form: "pay",
          result: submission.reply(refusal(result.path, ["amount", "method", "buyerId"], result.message)),
        },
        { status: result.status },
      );
    return redirectWithToast(here, { type: "success", title: t("jobs:detail.paid"), description: job.number });
  }
  const status = formText(form, "status");
  const submission = parse(moveFormSchema());
  if (submission.status !== "success")
    return data<FormAnswer>({ form: "move", status, result: submission.reply() }, { status: 400 });
  const { reason, override } = submission.value;
  const result = await moveJob(job.id, { to: submission.value.status, reason, override }, context);
  if (!result.ok)
    return data<FormAnswer>(
      { form: "move", status, result: submission.reply(refusal(result.path, ["reason"], result.message)) },
      { status: result.status },
    );
  return redirectWithToast(here, {
    type: "success",
    title: t("jobs:detail.moved", { status: t(JOB_STATUS_KEYS[submission.value.status]) }),
    description: job.number,
  });
}

export default function JobDetails() {
  const { job, isAdmin, ready, photos } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const moveAnswer = refusal?.form === "move" ? refusal : undefined;
  // What no field shows: the service's refusal over the form, or a junk status.
  const moveError =
    moveAnswer && [...(moveAnswer.result.error?.[""] ?? []), ...(moveAnswer.result.error?.status ?? [])][0];
  const moveReply = (to: JobStatus) => (moveAnswer?.status === to ? moveAnswer.result : undefined);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <header className="space-y-1">
        <Link to="/jobs" className="text-sm text-brand-700 underline">
          ← {t("jobs:list.title")}
        </Link>
        <h1 className="text-2xl font-semibold" dir="ltr">
          {job.number}
        </h1>
        <p className="text-sm">
          <span className="badge bg-gray-100 text-gray-800" data-testid="job-status">
            {t(JOB_STATUS_KEYS[job.status])}
          </span>{" "}
          {t(JOB_TYPE_KEYS[job.type])} ·{" "}
          <Link to={`/customers/${job.clientId}`} className="text-brand-700 underline">
            <bdi>{job.clientName}</bdi>
          </Link>
        </p>
        <p className="text-sm text-gray-600">
          {t("jobs:detail.taken", { day: job.taken, name: job.takenByName })} ·{" "}
          {t("jobs:list.promised", { day: job.promised })}
          {job.overdue ? <span className="badge ms-2 bg-red-100 text-red-800">{t("jobs:list.overdue")}</span> : null}
        </p>
        {job.showroomName ? <p className="text-sm text-gray-600">{job.showroomName}</p> : null}
        <p>
          <Link to={`/jobs/${job.id}/slip`} className="text-sm text-brand-700 underline">
            {t("jobs:detail.slip")}
          </Link>
        </p>
        {ready ? (
          <WhatsAppButton
            clientId={job.clientId}
            clientName={ready.clientName}
            message={ready.message}
            label={t("jobs:detail.sendReady")}
            blockedReason={ready.withdrawn ? t("clients:whatsapp.withdrawn") : null}
          />
        ) : null}
      </header>

      <section className="card space-y-2">
        <p className="whitespace-pre-line">{job.description}</p>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-gray-600">{t("jobs:detail.price")}</dt>
            <dd className="tabular-nums">{job.priceText ?? t("jobs:detail.noPrice")}</dd>
          </div>
          <div>
            <dt className="text-gray-600">{t("jobs:detail.paidLabel")}</dt>
            <dd className="tabular-nums">{job.paidText}</dd>
          </div>
          <div>
            <dt className="text-gray-600">{t("jobs:detail.balance")}</dt>
            <dd className="tabular-nums" data-testid="job-balance">
              {job.balanceText ?? "—"}
            </dd>
          </div>
        </dl>
        {job.items.length > 0 ? (
          <ul className="divide-y divide-gray-100 text-sm">
            {job.items.map((i, n) => (
              <li key={n} className="py-1">
                {i.categoryName}
                {i.karat !== "none" ? ` · ${i.karat}K` : ""}
                {i.metal !== "none" ? ` · ${t(METAL_KEYS[i.metal as Metal])}` : ""}
                {i.weightGrams ? <span dir="ltr"> · {i.weightGrams} g</span> : null}
                {i.stone !== "none" ? ` · ${t(STONE_KEYS[i.stone as Stone])}` : ""}
                {i.stoneCarats ? <span dir="ltr"> {i.stoneCarats} ct</span> : null}
                {i.notes ? <span className="block text-gray-600">{i.notes}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {job.moves.length > 0 ? (
        <section className="card space-y-3" aria-labelledby="job-moves">
          <h2 id="job-moves" className="font-semibold">
            {t("jobs:detail.moves")}
          </h2>
          {moveError ? (
            <p role="alert" className="field-error" data-testid="job-move-error">
              {moveError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {job.moves
              .filter((to) => to !== "cancelled")
              .map((to) => (
                <MoveForm
                  key={to}
                  to={to}
                  lastResult={moveReply(to)}
                  overriding={to === "delivered" && job.owed && isAdmin}
                  busy={busy}
                />
              ))}
          </div>
          {job.moves.includes("cancelled") ? (
            <MoveForm to="cancelled" lastResult={moveReply("cancelled")} busy={busy} />
          ) : null}
        </section>
      ) : null}

      {job.status === "cancelled" && job.payments.some((p) => !p.refundedDay) ? (
        <p className="card text-sm" data-testid="job-refunds">
          {t("jobs:detail.refunds", { amount: job.paidText })}
        </p>
      ) : null}

      <section className="card space-y-3" aria-labelledby="job-payments">
        <h2 id="job-payments" className="font-semibold">
          {t("jobs:detail.payments")}
        </h2>
        {job.payments.length === 0 ? (
          <p className="text-sm text-gray-600">{t("jobs:detail.noPayments")}</p>
        ) : (
          <ul className="divide-y divide-gray-100 text-sm" data-testid="job-payment-list">
            {job.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 py-1">
                <span>
                  {p.day} · {t(PAYMENT_METHOD_KEYS[p.method])} · <bdi>{p.takenByName}</bdi>
                  {p.refundedDay ? (
                    <span className="ms-1 text-gray-600" data-testid="job-payment-refunded">
                      · {t("jobs:detail.refundedOn", { day: p.refundedDay })} <bdi>{p.refundedByName}</bdi>
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  <span className={`tabular-nums ${p.refundedDay ? "line-through" : ""}`}>{p.amountText}</span>
                  {job.mayRefund && !p.refundedDay ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="refund" />
                      <input type="hidden" name="paymentId" value={p.id} />
                      <button
                        type="submit"
                        className="btn-secondary"
                        disabled={busy}
                        aria-label={t("jobs:detail.refundLabel", { amount: p.amountText })}
                      >
                        {t("jobs:detail.refund")}
                      </button>
                    </Form>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {job.status !== "delivered" && job.status !== "cancelled" && job.price !== null && job.owed ? (
          <PaymentForm
            balance={job.balance ?? "0"}
            lastResult={refusal?.form === "pay" ? refusal.result : undefined}
            busy={busy}
          />
        ) : null}
        {refusal?.form === "refund" ? (
          <p role="alert" className="field-error" data-testid="job-pay-error">
            {refusal.error}
          </p>
        ) : null}
      </section>

      <section className="card space-y-3" aria-labelledby="job-photos">
        <h2 id="job-photos" className="font-semibold">
          {t("jobs:photos.title")}
        </h2>
        {refusal?.form === "photos" ? (
          <p role="alert" className="field-error" data-testid="job-photo-error">
            {refusal.error}
          </p>
        ) : null}
        {photos.length === 0 ? (
          <p className="text-sm text-gray-600">{t("jobs:photos.none")}</p>
        ) : (
          <ul className="flex flex-wrap gap-3" data-testid="job-photo-list">
            {photos.map((p) => (
              <li key={p.id} className="space-y-1">
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img
                    src={p.url}
                    alt={p.fileName}
                    width={96}
                    height={96}
                    loading="lazy"
                    className="size-24 rounded border border-gray-200 object-cover"
                  />
                </a>
                {job.mayDeletePhotos ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="deletePhoto" />
                    <input type="hidden" name="photoId" value={p.id} />
                    <button
                      type="submit"
                      className="text-sm text-red-700 underline"
                      aria-label={t("jobs:photos.deleteLabel", { name: p.fileName })}
                      disabled={busy}
                    >
                      {t("jobs:photos.delete")}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {photos.length < MAX_JOB_PHOTOS ? (
          <PhotoForm jobId={job.id} />
        ) : (
          <p className="text-sm text-gray-600">{t("jobs:photos.full", { max: MAX_JOB_PHOTOS })}</p>
        )}
      </section>

      <section className="card" aria-labelledby="job-history">
        <h2 id="job-history" className="font-semibold">
          {t("jobs:detail.history")}
        </h2>
        <ol className="mt-2 space-y-1 text-sm" data-testid="job-history">
          {job.history.map((h, n) => (
            <li key={n}>
              {h.day} · {t(JOB_STATUS_KEYS[h.status])} · <bdi>{h.byName}</bdi>
              {h.reason ? <span className="text-gray-600"> · {h.reason}</span> : null}
              {h.override ? (
                <span className="badge ms-2 bg-amber-100 text-amber-900">{t("jobs:detail.overridden")}</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * A move's button, in a form of its own; cancelling asks the reason, and an admin's delivery while owed the reason
 * and the override. The reason's refusal comes back under it with what was typed.
 */
function MoveForm({
  to,
  lastResult,
  overriding = false,
  busy,
}: {
  to: JobStatus;
  lastResult: SubmissionResult | undefined;
  overriding?: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<{ status: string; reason: string; override: string }>({
    id: `job-move-${to}`,
    lastResult,
  });
  const cancelling = to === "cancelled";
  const reason = (
    <Field
      field={fields.reason}
      label={t(cancelling ? "jobs:detail.cancelReason" : "jobs:detail.overrideReason")}
      error={fields.reason.errors?.[0]}
    >
      {(control) => (
        <input
          {...getInputProps(fields.reason, { type: "text" })}
          {...control}
          key={fields.reason.key}
          required={cancelling}
          maxLength={JOB_REASON_MAX}
          className="input mt-1"
        />
      )}
    </Field>
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={`flex flex-wrap items-end gap-2 ${cancelling ? "border-t border-gray-100 pt-3" : ""}`}
    >
      <input type="hidden" name="status" value={to} />
      {cancelling || overriding ? reason : null}
      {overriding ? (
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input {...getInputProps(fields.override, { type: "checkbox", value: "1" })} key={fields.override.key} />
          {t("jobs:detail.override")}
        </label>
      ) : null}
      <button type="submit" className={cancelling ? "btn-secondary" : "btn-primary"} disabled={busy}>
        {t(cancelling ? "jobs:detail.cancel" : "jobs:detail.moveTo", { status: t(JOB_STATUS_KEYS[to]) })}
      </button>
    </Form>
  );
}

/**
 * The payment form, checked in the browser by the API's schema as the server checks it. With JavaScript, under the
 * amount, the balance after the amount being typed, or that it is more than the balance (balanceAfterPayment, exact
 * in fils); without, the fields alone, as the server renders them.
 */
function PaymentForm({
  balance,
  lastResult,
  busy,
}: {
  balance: string;
  lastResult: SubmissionResult | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const hydrated = useHydrated();
  // The constraints (amount and method required) are read from the API's schema: the preprocess in front hides them.
  const [schema, constraint] = useMemo(() => [paymentFormSchema(), getZodConstraint(jobPaymentSchema())], []);
  const [form, fields] = useForm<PaymentFields, JobPaymentInput>({
    id: "job-payment",
    lastResult,
    defaultValue: { method: "cash" },
    constraint,
    // Checked on submit, not on blur: an error appearing as the focus leaves would move the page under the click
    // that left it (the photo's Add photo). The balance under the amount guides while typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseTyped(formData, schema, t),
  });
  const buyerId = fields.buyerId.getFieldset();
  const [typed, setTyped] = useState("");
  const preview = balanceAfterPayment(parseAedToFils(balance) ?? 0n, typed);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex flex-wrap items-end gap-2"
      data-testid="job-payment-form"
    >
      <input type="hidden" name="intent" value="pay" />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="field-error basis-full" data-testid="job-pay-error">
          {form.errors[0]}
        </p>
      ) : null}
      <Field field={fields.amount} label={t("jobs:form.amount")} error={fields.amount.errors?.[0]}>
        {(control) => (
          <input
            {...getInputProps(fields.amount, { type: "text" })}
            {...control}
            key={fields.amount.key}
            inputMode="decimal"
            dir="ltr"
            className="input mt-1 w-32"
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </Field>
      {hydrated ? (
        <p
          aria-live="polite"
          className={`order-last basis-full text-sm ${preview?.ok === false ? "text-red-700" : ""}`}
          data-testid="job-balance-after"
        >
          {preview === null
            ? null
            : preview.ok
              ? t("jobs:detail.balanceAfter", { amount: formatAed(preview.balanceFils, locale) })
              : say(t, preview.message)}
        </p>
      ) : null}
      <PaymentMethodFields
        method={fields.method}
        buyerId={buyerId}
        buyerIdError={fields.buyerId.errors?.[0]}
        inputClassName="input mt-1 w-36"
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {t("jobs:detail.pay")}
      </button>
    </Form>
  );
}

/**
 * The photo form: a plain multipart form to /jobs/:id/photos, which works without JavaScript. With it, the same
 * form goes to the same action by XMLHttpRequest (fetch reports no upload progress) under a progress bar; then
 * the page's data is reloaded (with the server's toast), the server's refusal is shown under the form, or a
 * redirect is followed.
 */
function PhotoForm({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { revalidate } = useRevalidator();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const failed = (message: string) => {
      setPercent(null);
      setError(message);
    };
    setError(null);
    setPercent(0);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.floor((e.loaded * 100) / e.total));
    xhr.onload = () => {
      // Sent elsewhere (signed out meanwhile: the sign-in page): go there, as the plain form would.
      if (xhr.responseURL !== form.action) return window.location.assign(xhr.responseURL);
      if (xhr.status !== 201) {
        const body = xhr.response as { error?: unknown } | null;
        return failed(typeof body?.error === "string" ? body.error : t("jobs:photos.failed"));
      }
      setPercent(null);
      form.reset();
      void revalidate();
    };
    xhr.onerror = () => failed(t("jobs:photos.failed"));
    xhr.send(new FormData(form));
  };
  return (
    <Form
      method="post"
      action={`/jobs/${jobId}/photos`}
      encType="multipart/form-data"
      reloadDocument
      onSubmit={send}
      className="flex flex-wrap items-end gap-2"
      data-testid="job-photo-form"
    >
      <Field id="job-photo" label={t("jobs:photos.choose")}>
        {(control) => (
          <input
            {...control}
            type="file"
            name="photo"
            required
            accept="image/jpeg,image/png,image/webp"
            className="input mt-1 max-w-full"
          />
        )}
      </Field>
      <button type="submit" className="btn-secondary" disabled={percent !== null}>
        {t("jobs:photos.upload")}
      </button>
      {percent !== null ? (
        <p className="flex basis-full items-center gap-2 text-sm" data-testid="job-photo-progress">
          <progress max={100} value={percent} aria-label={t("jobs:photos.uploading")} className="w-48 max-w-full" />
          <span className="tabular-nums">{t("jobs:photos.percent", { percent: formatCount(percent, locale) })}</span>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error basis-full" data-testid="job-photo-upload-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
