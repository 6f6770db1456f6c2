import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { cashSettingsSchema, MAX_WINDOW_DAYS } from "~/domain/cash-rule";
import { filsToDecimalString } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
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
  const submission = parseWithZod(await request.formData(), { schema: cashSettingsSchema(), error: zodMessages(t) });
  // Refused: the numbers come back as typed, each error under its field (JavaScript or not).
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveCashRuleSettings(
    {
      singleThresholdFils: submission.value.singleThreshold,
      windowThresholdFils: submission.value.windowThreshold,
      windowDays: submission.value.windowDays,
    },
    user,
    requestAddress(request),
  );
  return redirectWithToast("/profile/cash-rule", { type: "success", title: t("cash:settings.saved") });
}

export default function CashRuleSettings() {
  const { values } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const schema = useMemo(() => cashSettingsSchema(), []);
  const [form, fields] = useForm({
    id: "cash-rule",
    lastResult: useActionData<typeof action>()?.result,
    defaultValue: values,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: zodMessages(t) }),
  });
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
      <Form method="post" {...getFormProps(form)} className="card space-y-3">
        {FIELDS.map((name) => (
          <Field
            key={name}
            field={fields[name]}
            label={labels[name]}
            error={fields[name].errors?.[0] && say(t, fields[name].errors[0])}
            errorAlert
          >
            {(control) => (
              <input
                {...getInputProps(fields[name], { type: "text" })}
                {...control}
                key={fields[name].key}
                inputMode={name === "windowDays" ? "numeric" : "decimal"}
                max={name === "windowDays" ? MAX_WINDOW_DAYS : undefined}
                dir="ltr"
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
