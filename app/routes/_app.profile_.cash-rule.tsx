import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { cashSettingsSchema, MAX_WINDOW_DAYS } from "~/domain/cash-rule";
import { issueMessage } from "~/domain/messages";
import { filsToDecimalString } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import { getCashRuleSettings, saveCashRuleSettings } from "~/services/cash-rule.server";

export const handle: CatalogsHandle = { i18n: ["cash", "profile", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "cash:settings.title")} | ${PRODUCT_NAME}` },
];

const FIELDS = ["singleThreshold", "windowThreshold", "windowDays"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The cash rule's numbers (admin; docs/guide/cash-rule.md): the two thresholds in AED and the window in days. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const settings = await getCashRuleSettings();
  const values: Values = {
    singleThreshold: filsToDecimalString(settings.singleThresholdFils),
    windowThreshold: filsToDecimalString(settings.windowThresholdFils),
    windowDays: String(settings.windowDays),
  };
  return { values };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const { t } = await translatorFor(request, "cash");
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)])) as Values;
  const parsed = cashSettingsSchema().safeParse(values, { error: zodMessages(t) });
  if (!parsed.success) {
    const errors: Partial<Values> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as keyof Values;
      errors[name] ??= say(t, issueMessage(issue));
    }
    return data({ values, errors }, { status: 400 });
  }
  await saveCashRuleSettings(
    {
      singleThresholdFils: parsed.data.singleThreshold,
      windowThresholdFils: parsed.data.windowThreshold,
      windowDays: parsed.data.windowDays,
    },
    user,
    requestAddress(request),
  );
  return redirectWithToast("/profile/cash-rule", { type: "success", title: t("cash:settings.saved") });
}

export default function CashRuleSettings() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const values = refused?.values ?? loaded.values;
  const errors: Partial<Values> = refused?.errors ?? {};
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const labels: Values = {
    singleThreshold: t("cash:settings.singleThreshold"),
    windowThreshold: t("cash:settings.windowThreshold"),
    windowDays: t("cash:settings.windowDays"),
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← {t("profile:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("cash:settings.title")}</h1>
        <p className="text-sm text-gray-600">{t("cash:settings.intro")}</p>
      </div>
      <Form method="post" className="card space-y-3" noValidate>
        {FIELDS.map((name) => (
          <Field key={name} id={`cash-${name}`} label={labels[name]} error={errors[name] ?? ""} errorAlert>
            {(control) => (
              <input
                {...control}
                name={name}
                defaultValue={values[name]}
                inputMode={name === "windowDays" ? "numeric" : "decimal"}
                max={name === "windowDays" ? MAX_WINDOW_DAYS : undefined}
                dir="ltr"
                required
                className="input mt-1 w-48"
              />
            )}
          </Field>
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/reports/cash" className="btn-secondary">
            {t("cash:report.title")}
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("cash:settings.save")}
          </button>
        </div>
      </Form>
    </div>
  );
}
