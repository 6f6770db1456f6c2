import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { MERGE_CHOOSABLE_FIELDS, mergeRequestSchema, type MergeChoosableField } from "~/domain/client-merge";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { mergeCandidates, mergeClients } from "~/services/client-merge.server";

export const handle: CatalogsHandle = { i18n: ["duplicates", "clientForm"] };

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
  if (!found) throw new Response("Pair not found", { status: 404 });
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
 * The form names the kept client (`keepId`) and, per field, the client whose value stays
 * (`field.<name>` = a client id); the request schema is the JSON API's.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.duplicates });
  const { clients } = await candidatesOr404(params.pairId);
  const form = await request.formData();
  const keepId = Number(form.get("keepId"));
  const kept = clients.find((c) => c.id === keepId);
  const merged = clients.find((c) => c.id !== keepId);
  const values: Record<string, "keep" | "merge"> = {};
  for (const field of MERGE_CHOOSABLE_FIELDS) {
    const chosen = form.get(`field.${field}`);
    if (chosen !== null) values[field] = Number(chosen) === keepId ? "keep" : "merge";
  }
  const parsed = mergeRequestSchema.safeParse({ keepId: kept?.id, mergeId: merged?.id, values });
  if (!kept || !merged || !parsed.success) throw new Response("Choose the client to keep", { status: 400 });
  const result = await mergeClients(
    { keepId: parsed.data.keepId, mergeId: parsed.data.mergeId, choices: parsed.data.values ?? {} },
    { actor: user, ip: requestAddress(request) },
  );
  if (!result.ok) throw new Response("Client not found", { status: result.status });
  const { t } = await translatorFor(request, "duplicates");
  return redirectWithToast(`/customers/${result.keptId}`, {
    type: "success",
    title: t("duplicates:merge.done.title"),
    description: t("duplicates:merge.done.description", { name: merged.fullName }),
  });
}

export default function MergePage() {
  const { clients, differing } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [a, b] = clients;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header>
        <Link to="/customers/duplicates" className="text-sm text-brand-700 underline">
          ← {t("duplicates:merge.back")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("duplicates:merge.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("duplicates:merge.intro")}</p>
      </header>
      <Form method="post" className="card space-y-4">
        <fieldset className="space-y-2">
          <legend className="font-semibold">{t("duplicates:merge.keep")}</legend>
          {[a, b].map((c, i) => (
            <label key={c.id} className="flex items-center gap-2">
              <input type="radio" name="keepId" value={c.id} defaultChecked={i === 0} required />
              <span>
                <bdi>{c.fullName}</bdi> · <bdi dir="ltr">+{c.mobileNumber}</bdi>
              </span>
            </label>
          ))}
        </fieldset>
        {differing.length > 0 ? (
          <div className="space-y-3">
            <p className="text-sm text-gray-600">{t("duplicates:merge.fieldsIntro")}</p>
            {differing.map((field) => (
              <fieldset key={field} className="space-y-1 border-t border-gray-100 pt-2">
                <legend className="text-sm font-medium">{t(FIELD_LABEL_KEYS[field])}</legend>
                {[a, b].map((c, i) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input type="radio" name={`field.${field}`} value={c.id} defaultChecked={i === 0} />
                    <bdi className="break-words">{c.values[field] ?? t("duplicates:merge.empty")}</bdi>
                  </label>
                ))}
              </fieldset>
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
