import { Trans, useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";

/**
 * The handover prompt when a user is deactivated or deleted: who takes their clients. `form` ties
 * the select to a form elsewhere on the page, so it posts with it (JavaScript or not).
 */
export function ClientHandoverSelect({
  userName,
  clientCount,
  owners,
  when,
  form,
}: {
  userName: string;
  clientCount: number;
  owners: { id: string; name: string }[];
  /** Whether the user is being deleted, or would be deactivated. */
  when: "delete" | "deactivate";
  form?: string;
}) {
  const { t } = useTranslation();
  if (clientCount === 0) return null;
  // The name is typed by people: isolated, so an English name reads right in an Arabic sentence.
  const trans = { values: { name: userName }, count: clientCount, components: { name: <bdi /> } };
  return (
    <Field
      id="hand-clients-to"
      label={
        when === "delete" ? (
          <Trans i18nKey="users:handover.beforeDeleting" {...trans} />
        ) : (
          <Trans i18nKey="users:handover.ifDeactivated" {...trans} />
        )
      }
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      {(control) => (
        <select {...control} name="handClientsTo" form={form} defaultValue="" className="input mt-1">
          <option value="">{t("users:handover.nobody")}</option>
          {owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
