import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FieldGroup } from "~/components/ui/field";
import { requireUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { MERGE_CHOOSABLE_FIELDS, type MergeChoices, type MergeChoosableField } from "~/domain/client-merge";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { refusal } from "~/http/page-refusals.server";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { zodMessages } from "~/i18n/zod-messages";
import { metaText } from "~/i18n/meta-text";
import { mergeCandidates, mergeClients } from "~/services/client-merge.server";

export const handle: CatalogsHandle = { i18n: ["duplicates", "clientForm", "validation"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "duplicates:merge.title")} | ${PRODUCT_NAME}` },
];

/** Catalog keys written out, so the catalog check sees each one used. */
const FIELD_LABEL_KEYS: Record<MergeChoosableField, string> = {
  fullName: "clientForm:fields.fullName",
  fullNameAr: "clientForm:fields.fullNameAr",
  email: "clientForm:fields.email",
  emiratesId: "clientForm:fields.emiratesId",
  emiratesIdExpiry: "clientForm:fields.emiratesIdExpiry",
  dateOfBirth: "clientForm:fields.dateOfBirth",
  country: "clientForm:fields.country",
  emirate: "clientForm:fields.emirate",
  area: "clientForm:fields.area",
  team: "clientForm:fields.team",
  preferredLanguage: "clientForm:fields.preferredLanguage",
  pepStatus: "clientForm:fields.pepStatus",
  anniversaryType: "clientForm:fields.anniversaryType",
  anniversaryDate: "clientForm:fields.anniversaryDate",
  preferredTime: "clientForm:fields.preferredTime",
  preferredCollection: "clientForm:fields.preferredCollection",
  meetingComments: "clientForm:fields.meetingComments",
  contactOk: "clientForm:fields.contactOk",
  category: "clientForm:fields.category",
  ringSize: "clientForm:fields.ringSize",
  bangleSize: "clientForm:fields.bangleSize",
  budgetBand: "clientForm:fields.budgetBand",
  ownerId: "duplicates:fields.owner",
};

async function candidatesOr404(pairIdParam: string | undefined) {
  const [pairId] = parseClientIds(pairIdParam);
  const found = pairId ? await mergeCandidates(pairId) : null;
  if (!found) throw refusal(404, MESSAGE_CODES.duplicatePairNotFound);
  return found;
}

/**
 * Merge a pair of possible duplicates (docs/decisions/047-client-merge.md): which record stays, and
 * for each field that differs, whose value. Admins and sales back staff.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.duplicates });
  const { pairId, clients } = await candidatesOr404(params.pairId);
  const differing = MERGE_CHOOSABLE_FIELDS.filter((f) => clients[0].values[f] !== clients[1].values[f]);
  return { pairId, clients, differing };
}

/**
 * The form: the kept client (`keepId`) and, per differing field, the client whose value stays
 * (`field.<name>`), each one of the pair's ids. The action turns it into the service's request, as the JSON
 * API's is: the other client is merged, and each choice is "keep" or "merge".
 */
function mergeFormSchema(pair: readonly number[], t: TFunction) {
  const oneOfThePair = z.number().refine((id) => pair.includes(id), { message: t("duplicates:merge.choose") });
  // An object of the fields, not a record: Conform reads an object's numbers from the form's text.
  const field = Object.fromEntries(MERGE_CHOOSABLE_FIELDS.map((name) => [name, oneOfThePair.optional()]));
  return z.object({
    keepId: oneOfThePair,
    field: z.object(field as Record<MergeChoosableField, z.ZodOptional<typeof oneOfThePair>>).optional(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.duplicates });
  const { clients } = await candidatesOr404(params.pairId);
  const { t } = await translatorFor(request, "duplicates");
  const submission = parseWithZod(await request.formData(), {
    schema: mergeFormSchema(
      clients.map((c) => c.id),
      t,
    ),
    error: zodMessages(t),
  });
  // Refused: the form comes back with the choices made and what is wrong (JavaScript or not).
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { keepId, field = {} } = submission.value;
  const merged = clients.find((c) => c.id !== keepId)!;
  const choices: MergeChoices = {};
  for (const name of MERGE_CHOOSABLE_FIELDS) {
    const id = field[name];
    if (id !== undefined) choices[name] = id === keepId ? "keep" : "merge";
  }
  const result = await mergeClients(
    { keepId, mergeId: merged.id, choices },
    { actor: user, ip: requestAddress(request) },
  );
  // One of the two left the book (merged, deleted or erased) since the page was opened.
  if (!result.ok)
    return data({ result: submission.reply({ formErrors: [t("duplicates:merge.gone")] }) }, { status: result.status });
  return redirectWithToast(`/customers/${result.keptId}`, {
    type: "success",
    title: t("duplicates:merge.done.title"),
    description: t("duplicates:merge.done.description", { name: merged.fullName }),
  });
}

export default function MergePage() {
  const { clients, differing } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [a, b] = clients;
  const schema = useMemo(() => mergeFormSchema([a.id, b.id], t), [a.id, b.id, t]);
  const [form, fields] = useForm({
    id: "merge-form",
    lastResult,
    // The first client and its values unless the user chooses otherwise.
    defaultValue: { keepId: String(a.id), field: Object.fromEntries(differing.map((f) => [f, String(a.id)])) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: zodMessages(t) }),
  });
  const choices = fields.field.getFieldset();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header>
        <Link to="/customers/duplicates" className="text-sm text-brand-700 underline">
          ← {t("duplicates:merge.back")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("duplicates:merge.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("duplicates:merge.intro")}</p>
      </header>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="field-error" data-testid="merge-error">
            {form.errors[0]}
          </p>
        ) : null}
        <FieldGroup
          field={fields.keepId}
          legend={t("duplicates:merge.keep")}
          legendClassName="font-semibold"
          error={fields.keepId.errors?.[0]}
          className="space-y-2"
        >
          {[a, b].map((c) => (
            <label key={c.id} className="flex items-center gap-2">
              <input {...getInputProps(fields.keepId, { type: "radio", value: String(c.id) })} />
              <span>
                <bdi>{c.fullName}</bdi> · <bdi dir="ltr">+{c.mobileNumber}</bdi>
              </span>
            </label>
          ))}
        </FieldGroup>
        {differing.length > 0 ? (
          <div className="space-y-3">
            <p className="text-sm text-gray-600">{t("duplicates:merge.fieldsIntro")}</p>
            {differing.map((name) => (
              <FieldGroup
                key={name}
                field={choices[name]}
                legend={t(FIELD_LABEL_KEYS[name])}
                legendClassName="text-sm font-medium"
                error={choices[name].errors?.[0]}
                className="space-y-1 border-t border-gray-100 pt-2"
              >
                {[a, b].map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input {...getInputProps(choices[name], { type: "radio", value: String(c.id) })} />
                    <bdi className="break-words">{c.values[name] ?? t("duplicates:merge.empty")}</bdi>
                  </label>
                ))}
              </FieldGroup>
            ))}
          </div>
        ) : null}
        <p className="text-sm text-gray-600">{t("duplicates:merge.moves")}</p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("duplicates:merge.submit")}
        </button>
      </Form>
    </div>
  );
}
