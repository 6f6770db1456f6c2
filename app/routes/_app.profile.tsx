import { getCollectionProps, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldGroup } from "~/components/ui/field";
import { requireUser } from "~/auth/guards.server";
import { ROLE_KEYS } from "~/components/users/role-keys";
import { DEFAULT_NUMERALS, isNumerals, NUMERALS, type Numerals } from "~/domain/languages";
import { numeralsFormSchema } from "~/domain/numerals-form";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { hasLinkedDevice } from "~/services/authenticators.server";
import { saveUserNumerals } from "~/services/users.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["cash", "profile", "users"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "profile:title")} | ${PRODUCT_NAME}` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, numerals } = await requireUser(request, { access: ACCESS.profile });
  return {
    user,
    authenticatorLinked: await hasLinkedDevice(user.id),
    numerals: isNumerals(numerals) ? numerals : DEFAULT_NUMERALS,
  };
}

/**
 * The digits of Arabic pages (docs/decisions/021-arabic-and-english.md): a plain form post, saved on the user
 * so it follows them to every device. English pages and identifiers keep Western digits whatever is chosen.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const submission = parseWithZod(await request.formData(), { schema: numeralsFormSchema });
  // The message is a catalog key the page shows in its language.
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveUserNumerals(user.id, submission.value.numerals);
  const { t } = await translatorFor(request, "profile");
  return redirectWithToast("/profile", { type: "success", title: t("profile:numerals.saved") });
}

const NUMERALS_KEYS: Record<Numerals, string> = {
  latn: "profile:numerals.latn",
  arab: "profile:numerals.arab",
};

/** Western or Arabic-Indic digits: radios and a button, the same with and without JavaScript. */
function NumeralsForm({ current }: { current: Numerals }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({ id: "numerals-form", lastResult, defaultValue: { numerals: current } });
  return (
    <section className="card" aria-labelledby="profile-numerals">
      <h2 id="profile-numerals" className="mb-2 font-semibold">
        {t("profile:numerals.heading")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FieldGroup
          field={fields.numerals}
          legend={t("profile:numerals.heading")}
          legendClassName="sr-only"
          hint={t("profile:numerals.hint")}
          error={fields.numerals.errors?.map((message) => t(message)).join(" ")}
          className="space-y-3"
        >
          <div className="space-y-1">
            {getCollectionProps(fields.numerals, { type: "radio", options: [...NUMERALS] }).map((props) => (
              <label key={props.key} className="flex items-center gap-2 text-sm">
                <input {...props} key={props.key} />
                {t(NUMERALS_KEYS[props.value as Numerals])}
              </label>
            ))}
          </div>
        </FieldGroup>
        <button type="submit" className="btn-primary">
          {t("profile:numerals.save")}
        </button>
      </Form>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 py-2 last:border-0">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

const ADMIN_ACTIONS = [
  { to: "/profile/users", title: "profile:actions.users", text: "profile:actions.usersText" },
  { to: "/profile/logs", title: "profile:actions.logs", text: "profile:actions.logsText" },
  { to: "/profile/security", title: "profile:actions.security", text: "profile:actions.securityText" },
  { to: "/profile/retention", title: "profile:actions.retention", text: "profile:actions.retentionText" },
  { to: "/profile/messages", title: "profile:actions.messages", text: "profile:actions.messagesText" },
  { to: "/profile/shop", title: "profile:actions.shop", text: "profile:actions.shopText" },
  { to: "/profile/gold-rates", title: "profile:actions.goldRates", text: "profile:actions.goldRatesText" },
  { to: "/profile/cash-rule", title: "cash:settings.title", text: "cash:settings.linkText" },
  { to: "/reports/cash", title: "cash:report.title", text: "cash:report.linkText" },
] as const;

export default function ProfilePage() {
  const { user, authenticatorLinked, numerals } = useLoaderData<typeof loader>();
  const isAdmin = user.role === "admin";
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("profile:title")}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className="card" aria-labelledby="profile-info">
            <h2 id="profile-info" className="mb-2 font-semibold">
              {t("profile:info.heading")}
            </h2>
            <dl>
              <Row label={t("profile:info.name")}>
                <bdi>{user.name}</bdi>
              </Row>
              <Row label={t("profile:info.email")}>
                <bdi>{user.email}</bdi>
              </Row>
              <Row label={t("profile:info.role")}>
                <span className="badge bg-brand-100 text-brand-700">
                  {isAdmin ? t("profile:info.administrator") : t(ROLE_KEYS[user.role])}
                </span>
              </Row>
              <Row label={t("profile:info.authMethod")}>
                {t("profile:info.authenticatorApp")}{" "}
                <span
                  className={
                    authenticatorLinked ? "badge bg-green-100 text-green-800" : "badge bg-amber-100 text-amber-900"
                  }
                >
                  {authenticatorLinked ? t("profile:info.active") : t("profile:info.notLinked")}
                </span>
              </Row>
            </dl>
          </section>

          <NumeralsForm current={numerals} />

          <section className="card" aria-labelledby="profile-security">
            <h2 id="profile-security" className="mb-2 font-semibold">
              {t("profile:security.heading")}
            </h2>
            <ul className="space-y-1 text-sm">
              <li>✓ {t("profile:security.passwordless")}</li>
              <li>✓ {t("profile:security.noPasswords")}</li>
              <li>{t("profile:security.createdBy")}</li>
              <li>
                {t("profile:security.accessLevel")}{" "}
                <strong>{isAdmin ? t("profile:security.fullAccess") : t("profile:security.standardUser")}</strong>
              </li>
            </ul>
          </section>
        </div>

        <div className="space-y-6">
          <section className="card" aria-labelledby="profile-admin-actions">
            <h2 id="profile-admin-actions" className="mb-3 font-semibold">
              {t("profile:actions.heading")}
            </h2>
            <ul className="space-y-2">
              {ADMIN_ACTIONS.map((a) => (
                <li key={a.to}>
                  <Link
                    to={a.to}
                    className="block rounded-md border border-gray-200 p-3 hover:border-brand-500 hover:bg-brand-50"
                  >
                    <span className="block font-medium">{t(a.title)}</span>
                    <span className="block text-xs text-gray-600">{t(a.text)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section className="card" aria-labelledby="profile-status">
            <h2 id="profile-status" className="mb-2 font-semibold">
              {t("profile:status.heading")}
            </h2>
            <dl>
              <Row label={t("profile:status.status")}>
                <span className="badge bg-green-100 text-green-800">{t("profile:info.active")}</span>
              </Row>
              <Row label={t("profile:status.twoFactor")}>
                <span className="badge bg-green-100 text-green-800">{t("profile:status.totpEnabled")}</span>
              </Row>
              {isAdmin ? (
                <Row label={t("profile:status.permissions")}>
                  <span className="badge bg-brand-100 text-brand-700">{t("profile:status.fullAccess")}</span>
                </Row>
              ) : null}
            </dl>
          </section>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
