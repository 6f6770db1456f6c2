import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { appTimezone } from "~/domain/calendar";
import {
  formatRate,
  goldRateFormSchema,
  GOLD_KARATS,
  GOLD_RATE_PAGE_SIZE,
  OTHER_METALS,
  RATE_FIELDS,
  RATE_KEYS,
  shopClock,
  type RateKey,
} from "~/domain/gold-rates";
import { writeDigits } from "~/domain/numerals";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { shopDateTime } from "~/domain/shop-dates";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { getLocale, translatorFor } from "~/i18n/i18n.server";
import { usePageLocale } from "~/i18n/i18n-provider";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import { listGoldRates, recordGoldRate } from "~/services/gold-rates.server";

export const handle: CatalogsHandle = { i18n: ["profile", "goldRates", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "goldRates:title")} | ${PRODUCT_NAME}` },
];

/**
 * The rate of the day (admin; docs/decisions/042-gold-rates.md): a plain form to enter the rates, which works
 * without JavaScript, and the last entries. An entry is never edited: a correction is entered again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const [entries, locale] = await Promise.all([listGoldRates({}, GOLD_RATE_PAGE_SIZE), getLocale(request)]);
  const timeZone = appTimezone();
  return {
    // The form starts from the rates that stand: the admin changes what moved.
    current: entries[0]?.rates ?? null,
    history: entries.map((entry) => ({
      id: entry.id,
      when: shopDateTime(new Date(entry.effectiveAt), timeZone, locale),
      rates: entry.rates,
      enteredByName: entry.enteredByName,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const { t, locale } = await translatorFor(request, "goldRates");
  const timeZone = appTimezone();
  const submission = parseWithZod(await request.formData(), {
    schema: goldRateFormSchema(new Date(), timeZone),
    error: zodMessages(t),
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const entry = await recordGoldRate(user, submission.value, requestAddress(request));
  return redirectWithToast("/profile/gold-rates", {
    type: "success",
    title: t("goldRates:saved"),
    description: t("goldRates:savedDescription", {
      amount: formatRate(entry.rates["22"], locale),
      time: writeDigits(shopClock(new Date(entry.effectiveAt), timeZone), locale.numerals),
    }),
  });
}

/** Each rate's label on the form and heading in the history. */
function useRateLabels() {
  const { t } = useTranslation();
  const karat = (key: RateKey) => ({ karat: Number(key) });
  return {
    field: (key: RateKey) =>
      key === "platinum"
        ? t("goldRates:form.platinum")
        : key === "silver"
          ? t("goldRates:form.silver")
          : t("goldRates:form.karat", karat(key)),
    column: (key: RateKey) =>
      key === "platinum"
        ? t("goldRates:history.platinum")
        : key === "silver"
          ? t("goldRates:history.silver")
          : t("goldRates:history.karat", karat(key)),
  };
}

export default function GoldRates() {
  const { current, history } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const labels = useRateLabels();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← {t("profile:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("goldRates:title")}</h1>
        <p className="text-sm text-gray-600">{t("goldRates:intro")}</p>
      </div>
      <RatesForm current={current} />
      <section className="card space-y-3" aria-labelledby="gold-rates-history">
        <div>
          <h2 id="gold-rates-history" className="text-lg font-semibold">
            {t("goldRates:history.heading")}
          </h2>
          <p className="text-sm text-gray-600">{t("goldRates:history.hint")}</p>
        </div>
        {history.length === 0 ? (
          <p className="text-sm text-gray-600">{t("goldRates:history.empty")}</p>
        ) : (
          <ol className="divide-y divide-gray-100" data-testid="gold-rate-history">
            {history.map((entry, index) => (
              <li key={entry.id} className="space-y-1 py-2 text-sm">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <strong>{entry.when}</strong>
                  {index === 0 ? (
                    <span className="badge bg-green-100 text-green-800">{t("goldRates:history.current")}</span>
                  ) : null}
                  <span className="text-gray-600">
                    {t("goldRates:history.enteredBy")}: <bdi>{entry.enteredByName}</bdi>
                  </span>
                </div>
                <dl className="flex flex-wrap gap-x-4 gap-y-1">
                  {RATE_KEYS.map((key) => {
                    const amount = entry.rates[key];
                    return amount === undefined ? null : (
                      <div key={key} className="flex gap-1">
                        <dt className="text-gray-600">{labels.column(key)}</dt>
                        <dd className="font-medium">{formatRate(amount, locale)}</dd>
                      </div>
                    );
                  })}
                </dl>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

type RateForm = Record<(typeof RATE_FIELDS)[RateKey] | "effectiveAt", string>;

/** The rates and when they take effect; a refused value comes back as typed, its error under it. */
function RatesForm({ current }: { current: Record<string, string | undefined> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const labels = useRateLabels();
  const [form, fields] = useForm<RateForm>({
    id: "gold-rates",
    lastResult: useActionData<typeof action>()?.result,
    defaultValue: Object.fromEntries(RATE_KEYS.map((key) => [RATE_FIELDS[key], current?.[key] ?? ""])),
  });
  const rateInput = (key: RateKey) => {
    const field = fields[RATE_FIELDS[key]];
    return (
      <Field key={key} field={field} label={labels.field(key)} error={field.errors?.[0] && say(t, field.errors[0])}>
        {(control) => (
          <input
            {...getInputProps(field, { type: "text" })}
            {...control}
            key={field.key}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="input mt-1 w-full"
          />
        )}
      </Field>
    );
  };
  return (
    <section className="card space-y-3" aria-labelledby="gold-rates-form">
      <h2 id="gold-rates-form" className="text-lg font-semibold">
        {t("goldRates:form.heading")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">{GOLD_KARATS.map(rateInput)}</div>
        <div className="grid gap-3 sm:grid-cols-2">{OTHER_METALS.map(rateInput)}</div>
        <Field
          field={fields.effectiveAt}
          label={t("goldRates:form.effectiveAt")}
          hint={t("goldRates:form.effectiveAtHint")}
          error={fields.effectiveAt.errors?.[0] && say(t, fields.effectiveAt.errors[0])}
          className="sm:w-1/2"
        >
          {(control) => (
            <input
              {...getInputProps(fields.effectiveAt, { type: "datetime-local" })}
              {...control}
              key={fields.effectiveAt.key}
              dir="ltr"
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {t("goldRates:form.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}
