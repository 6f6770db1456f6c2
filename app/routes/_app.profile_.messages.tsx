import { getFormProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { CLIENT_LANGUAGE_LABELS, CLIENT_LANGUAGES, type ClientLanguage } from "~/domain/client-enums";
import {
  MESSAGE_BODY_MAX,
  MESSAGE_OCCASION_KEYS,
  MESSAGE_OCCASIONS,
  MESSAGE_TEMPLATE_FIELDS,
  messageTemplatesFormSchema,
  PLACEHOLDER_HINTS,
  templateFieldName,
  type MessageOccasion,
} from "~/domain/message-templates";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import {
  listMessageTemplates,
  resetMessageTemplate,
  saveMessageTemplates,
  type MessageTemplateView,
} from "~/services/message-templates.server";

/** The page's words, in one place (for the language catalogs). */
const TEXT = {
  title: "WhatsApp Messages",
  back: "← Profile",
  intro:
    "The messages sent to clients from the dashboard, My day, the AI Assistant and the WhatsApp buttons. Each client gets the one in their preferred language, with their Arabic name in Arabic messages when they have one. Placeholders in braces are filled in for each client.",
  placeholders: "Placeholders:",
  required: "required",
  custom: "Changed",
  reset: "Reset to default",
  save: "Save messages",
  saving: "Saving...",
  saved: "Messages saved",
  unchanged: "No message changed",
  wasReset: "Message reset to its default",
  fix: "Check the messages marked below",
} as const;

export const meta: MetaFunction = () => [{ title: `${TEXT.title} | ${PRODUCT_NAME}` }];

const PAGE = "/profile/messages";
const RESET_FORM = "reset-message";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  return listMessageTemplates();
}

/** Save (every text, placeholders checked) or Reset (one text back to its default); admins only. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const submission = parseWithZod(await request.formData(), { schema: messageTemplatesFormSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const change = { actor: user, ip: requestAddress(request) };
  const value = submission.value;
  if (value.intent === "reset") {
    const { occasion, language } = value.target;
    await resetMessageTemplate(occasion, language, change);
    return redirectWithToast(PAGE, {
      type: "success",
      title: TEXT.wasReset,
      description: `${MESSAGE_OCCASIONS[occasion].label} (${CLIENT_LANGUAGE_LABELS[language]})`,
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
    title: changed.length > 0 ? TEXT.saved : TEXT.unchanged,
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
  const [form, fields] = useForm({
    id: "message-templates",
    defaultValue: Object.fromEntries(templates.map((t) => [templateFieldName(t.occasion, t.language), t.body])),
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageTemplatesFormSchema }),
  });
  const isDefault = new Map(templates.map((t) => [templateFieldName(t.occasion, t.language), t.isDefault]));
  const field = (name: string) => (fields as unknown as Record<string, FieldMetadata<string>>)[name]!;
  const groups = [...new Set(MESSAGE_OCCASION_KEYS.map((o) => MESSAGE_OCCASIONS[o].group))];

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          {TEXT.back}
        </Link>
        <h1 className="text-2xl font-semibold">{TEXT.title}</h1>
        <p className="text-sm text-gray-600">{TEXT.intro}</p>
      </div>

      {/* The Reset buttons belong to this form (form="reset-message"): one text, no other input sent. */}
      <Form id={RESET_FORM} method="post">
        <input type="hidden" name="intent" value="reset" />
      </Form>

      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {groups.map((group) => (
          <section key={group} className="card space-y-4" aria-labelledby={`group-${group}`}>
            <h2 id={`group-${group}`} className="font-semibold">
              {group}
            </h2>
            {MESSAGE_OCCASION_KEYS.filter((o) => MESSAGE_OCCASIONS[o].group === group).map((occasion) => (
              <OccasionTexts key={occasion} occasion={occasion} field={field} isDefault={isDefault} />
            ))}
          </section>
        ))}
        <div className="sticky bottom-0 -mx-1 flex items-start justify-between gap-3 border-t border-gray-200 bg-white px-1 py-3">
          <p role="alert" id={form.errorId} className="text-sm text-red-700">
            {form.allErrors && Object.keys(form.allErrors).length > 0 ? TEXT.fix : ""}
          </p>
          <button type="submit" name="intent" value="save" className="btn-primary shrink-0" disabled={saving}>
            {saving ? TEXT.saving : TEXT.save}
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
  const spec = MESSAGE_OCCASIONS[occasion];
  const required: readonly string[] = spec.required;
  return (
    <fieldset className="space-y-2 border-t border-gray-100 pt-3 first-of-type:border-0 first-of-type:pt-0">
      <legend className="font-medium">{spec.label}</legend>
      <p className="text-xs text-gray-600">
        {TEXT.placeholders}{" "}
        {spec.placeholders.map((p, i) => (
          <span key={p}>
            {i > 0 ? ", " : ""}
            <code title={PLACEHOLDER_HINTS[p]}>{`{${p}}`}</code>
            {required.includes(p) ? ` (${TEXT.required})` : ""}
          </span>
        ))}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {CLIENT_LANGUAGES.map((language) => {
          const name = templateFieldName(occasion, language);
          const meta = field(name);
          return (
            <div key={language}>
              <div className="flex items-center justify-between gap-2">
                <label htmlFor={meta.id} className="label">
                  {CLIENT_LANGUAGE_LABELS[language]}
                  {isDefault.get(name) === false ? (
                    <span className="badge ms-2 bg-amber-100 text-amber-900">{TEXT.custom}</span>
                  ) : null}
                </label>
                {isDefault.get(name) === false ? (
                  <button
                    type="submit"
                    form={RESET_FORM}
                    name="target"
                    value={name}
                    className="text-xs text-brand-700 underline"
                    aria-label={`${TEXT.reset}: ${spec.label} (${CLIENT_LANGUAGE_LABELS[language]})`}
                  >
                    {TEXT.reset}
                  </button>
                ) : null}
              </div>
              <textarea
                {...getTextareaProps(meta)}
                {...LANGUAGE_INPUT[language]}
                rows={3}
                maxLength={MESSAGE_BODY_MAX}
                className="input mt-1"
              />
              <p id={meta.errorId} className="field-error">
                {meta.errors?.join(" ")}
              </p>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
