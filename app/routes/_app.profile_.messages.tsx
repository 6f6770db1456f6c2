import { getFormProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { requireUser } from "~/auth/guards.server";
import { CLIENT_LANGUAGES, type ClientLanguage } from "~/domain/client-enums";
import {
  MESSAGE_BODY_MAX,
  MESSAGE_OCCASION_KEYS,
  MESSAGE_OCCASIONS,
  MESSAGE_TEMPLATE_FIELDS,
  OCCASION_GROUPS,
  templateFieldName,
  type MessageOccasion,
  type OccasionGroup,
  type Placeholder,
} from "~/domain/message-templates";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { CLIENT_LANGUAGE_KEYS } from "~/i18n/label-keys";
import { metaText } from "~/i18n/meta-text";
import { zodMessages } from "~/i18n/zod-messages";
import {
  listMessageTemplates,
  resetMessageTemplate,
  saveMessageTemplates,
  type MessageTemplateView,
} from "~/services/message-templates.server";
import { messageTemplatesFormSchema } from "~/domain/message-templates-form";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["clientForm", "clients", "dashboard", "profile", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "profile:messages.title")} | ${PRODUCT_NAME}` },
];

/** The occasions', sections' and placeholders' names (the message texts themselves are the admin's data). */
const OCCASION_KEYS: Record<MessageOccasion, string> = {
  birthday_today: "profile:messages.occasions.birthday_today",
  birthday_tomorrow: "profile:messages.occasions.birthday_tomorrow",
  birthday_upcoming: "profile:messages.occasions.birthday_upcoming",
  family_birthday_soon: "profile:messages.occasions.family_birthday_soon",
  family_birthday_upcoming: "profile:messages.occasions.family_birthday_upcoming",
  anniversary_today: "profile:messages.occasions.anniversary_today",
  anniversary_tomorrow: "profile:messages.occasions.anniversary_tomorrow",
  anniversary_upcoming: "profile:messages.occasions.anniversary_upcoming",
  emirates_id_expired: "profile:messages.occasions.emirates_id_expired",
  emirates_id_expiring_soon: "profile:messages.occasions.emirates_id_expiring_soon",
  emirates_id_expiring: "profile:messages.occasions.emirates_id_expiring",
  lead_birthday: "profile:messages.occasions.lead_birthday",
  lead_anniversary: "profile:messages.occasions.lead_anniversary",
  lead_emirates_id: "profile:messages.occasions.lead_emirates_id",
  lead_lapsed: "profile:messages.occasions.lead_lapsed",
  lead_general: "profile:messages.occasions.lead_general",
  greeting: "profile:messages.occasions.greeting",
  quote: "profile:messages.occasions.quote",
  job_ready: "profile:messages.occasions.job_ready",
};

const GROUP_KEYS: Record<OccasionGroup, string> = {
  birthdays: "profile:messages.groups.birthdays",
  familyBirthdays: "profile:messages.groups.familyBirthdays",
  anniversaries: "profile:messages.groups.anniversaries",
  emiratesId: "profile:messages.groups.emiratesId",
  leads: "profile:messages.groups.leads",
  greeting: "profile:messages.groups.greeting",
  quotes: "profile:messages.groups.quotes",
  jobs: "profile:messages.groups.jobs",
};

/** What each placeholder stands for, shown beside the text boxes. */
const PLACEHOLDER_HINT_KEYS: Record<Placeholder, string> = {
  firstName: "profile:messages.hints.firstName",
  fullName: "profile:messages.hints.fullName",
  date: "profile:messages.hints.date",
  daysLeft: "profile:messages.hints.daysLeft",
  inDays: "profile:messages.hints.inDays",
  when: "profile:messages.hints.when",
  occasion: "profile:messages.hints.occasion",
  occasionLower: "profile:messages.hints.occasionLower",
  memberName: "profile:messages.hints.memberName",
  birthday: "profile:messages.hints.birthday",
  product: "profile:messages.hints.product",
  idStatus: "profile:messages.hints.idStatus",
  shopName: "profile:messages.hints.shopName",
  quoteNumber: "profile:messages.hints.quoteNumber",
  total: "profile:messages.hints.total",
  validUntil: "profile:messages.hints.validUntil",
  jobNumber: "profile:messages.hints.jobNumber",
  piece: "profile:messages.hints.piece",
  balance: "profile:messages.hints.balance",
};

const PAGE = "/profile/messages";
const RESET_FORM = "reset-message";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  return listMessageTemplates();
}

/** Save (every text, placeholders checked) or Reset (one text back to its default); admins only. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const { t } = await translatorFor(request, "profile");
  const submission = parseWithZod(await request.formData(), {
    schema: messageTemplatesFormSchema(t),
    error: zodMessages(t),
  });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const change = { actor: user, ip: requestAddress(request) };
  const value = submission.value;
  if (value.intent === "reset") {
    const { occasion, language } = value.target;
    await resetMessageTemplate(occasion, language, change);
    return redirectWithToast(PAGE, {
      type: "success",
      title: t("profile:messages.wasReset"),
      description: `${t(OCCASION_KEYS[occasion])} (${t(CLIENT_LANGUAGE_KEYS[language])})`,
    });
  }
  const bodies: Record<string, unknown> = value;
  const texts = MESSAGE_TEMPLATE_FIELDS.map(({ occasion, language, name }) => ({
    occasion,
    language,
    body: String(bodies[name]),
  }));
  const changed = await saveMessageTemplates(texts, change);
  return redirectWithToast(PAGE, {
    type: "success",
    title: changed.length > 0 ? t("profile:messages.saved") : t("profile:messages.unchanged"),
  });
}

export default function MessageTemplatesPage() {
  const { templates, version } = useLoaderData<typeof loader>();
  // A new version (a text saved or reset) draws the form afresh, so a Reset shows the default with JS on too.
  return <MessageTemplatesForm key={version} templates={templates} />;
}

function MessageTemplatesForm({ templates }: { templates: MessageTemplateView[] }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const { t } = useTranslation();
  const schema = useMemo(() => messageTemplatesFormSchema(t), [t]);
  const [form, fields] = useForm({
    id: "message-templates",
    defaultValue: Object.fromEntries(templates.map((t) => [templateFieldName(t.occasion, t.language), t.body])),
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: zodMessages(t) }),
  });
  const isDefault = new Map(templates.map((t) => [templateFieldName(t.occasion, t.language), t.isDefault]));
  const field = (name: string) => (fields as unknown as Record<string, FieldMetadata<string>>)[name]!;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← {t("profile:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("profile:messages.title")}</h1>
        <p className="text-sm text-gray-600">{t("profile:messages.intro")}</p>
      </div>

      {/* The Reset buttons belong to this form (form="reset-message"): one text, no other input sent. */}
      <Form id={RESET_FORM} method="post">
        <input type="hidden" name="intent" value="reset" />
      </Form>

      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {OCCASION_GROUPS.map((group) => (
          <section key={group} className="card space-y-4" aria-labelledby={`group-${group}`}>
            <h2 id={`group-${group}`} className="font-semibold">
              {t(GROUP_KEYS[group])}
            </h2>
            {MESSAGE_OCCASION_KEYS.filter((o) => MESSAGE_OCCASIONS[o].group === group).map((occasion) => (
              <OccasionTexts key={occasion} occasion={occasion} field={field} isDefault={isDefault} />
            ))}
          </section>
        ))}
        <div className="sticky bottom-0 -mx-1 flex items-start justify-between gap-3 border-t border-gray-200 bg-white px-1 py-3">
          <p role="alert" id={form.errorId} className="text-sm text-red-700">
            {form.allErrors && Object.keys(form.allErrors).length > 0 ? t("profile:messages.fix") : ""}
          </p>
          <button type="submit" name="intent" value="save" className="btn-primary shrink-0" disabled={saving}>
            {saving ? t("profile:messages.saving") : t("profile:messages.save")}
          </button>
        </div>
      </Form>
    </div>
  );
}

const LANGUAGE_INPUT: Record<ClientLanguage, { dir: "ltr" | "rtl"; lang: string }> = {
  en: { dir: "ltr", lang: "en" },
  ar: { dir: "rtl", lang: "ar" },
};

/** One occasion: its placeholders, and a text box per language with its error and Reset. */
function OccasionTexts({
  occasion,
  field,
  isDefault,
}: {
  occasion: MessageOccasion;
  field: (name: string) => FieldMetadata<string>;
  isDefault: Map<string, boolean>;
}) {
  const { t } = useTranslation();
  const spec = MESSAGE_OCCASIONS[occasion];
  const required: readonly string[] = spec.required;
  const label = t(OCCASION_KEYS[occasion]);
  return (
    <fieldset className="space-y-2 border-t border-gray-100 pt-3 first-of-type:border-0 first-of-type:pt-0">
      <legend className="font-medium">{label}</legend>
      <p className="text-xs text-gray-600">
        {t("profile:messages.placeholders")}{" "}
        {spec.placeholders.map((p, i) => (
          <span key={p}>
            {i > 0 ? ", " : ""}
            <code title={t(PLACEHOLDER_HINT_KEYS[p])}>{`{${p}}`}</code>
            {required.includes(p) ? ` (${t("profile:messages.required")})` : ""}
          </span>
        ))}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {CLIENT_LANGUAGES.map((language) => {
          const name = templateFieldName(occasion, language);
          const meta = field(name);
          return (
            <Field
              key={language}
              field={meta}
              label={
                <>
                  {t(CLIENT_LANGUAGE_KEYS[language])}
                  {isDefault.get(name) === false ? (
                    <span className="badge ms-2 bg-amber-100 text-amber-900">{t("profile:messages.custom")}</span>
                  ) : null}
                </>
              }
              labelAside={
                isDefault.get(name) === false ? (
                  <button
                    type="submit"
                    form={RESET_FORM}
                    name="target"
                    value={name}
                    className="text-xs text-brand-700 underline"
                    aria-label={`${t("profile:messages.reset")}: ${label} (${t(CLIENT_LANGUAGE_KEYS[language])})`}
                  >
                    {t("profile:messages.reset")}
                  </button>
                ) : null
              }
              error={meta.errors?.join(" ")}
            >
              {(control) => (
                <textarea
                  {...getTextareaProps(meta)}
                  {...control}
                  {...LANGUAGE_INPUT[language]}
                  rows={3}
                  maxLength={MESSAGE_BODY_MAX}
                  className="input mt-1"
                />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
