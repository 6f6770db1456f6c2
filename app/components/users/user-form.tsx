import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Field, FieldGroup } from "~/components/ui/field";
import { AUTH_TYPES, ROLES, type AuthType, type Role } from "~/domain/roles";
import { UserCreateSchema, UserEditSchema } from "~/domain/user-form";
import { say } from "~/i18n/messages";
import { AUTH_TYPE_KEYS, ROLE_KEYS } from "./role-keys";

export type UserFormDefaults = {
  name: string;
  email: string;
  role: Role;
  authType?: AuthType;
  department: string;
  phone: string;
  /** The home showroom's id, "" for none. */
  showroomId: string;
  isActive: boolean;
};

export const NEW_USER_DEFAULTS: UserFormDefaults = {
  name: "",
  email: "",
  role: "sales_front",
  authType: "totp",
  department: "",
  phone: "",
  showroomId: "",
  isActive: true,
};

/** A showroom the form offers, named in the page's language. */
export type ShowroomOption = { id: string; name: string };

/** The schema's messages are codes (shared with /api/users, which says them in English); the form says them here. */
function fieldError(t: TFunction, errors: string[] | undefined): string | undefined {
  const message = errors?.[0];
  return message === undefined ? undefined : say(t, message);
}

/**
 * Add User / Edit User (docs/product-rules.md §5 'User form'): Conform + zod with the schema the action uses, so the
 * same messages show before and after the round trip. Edit has no authType (chosen on create only).
 * Errors sit under their fields, with room kept for them, so the submit button never moves.
 */
export function UserForm({
  mode,
  action,
  lastResult,
  defaults,
  showrooms,
  cancelTo,
}: {
  mode: "create" | "edit";
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaults: UserFormDefaults;
  /** The shop's active showrooms (and the user's own, if deactivated since). */
  showrooms: readonly ShowroomOption[];
  cancelTo: string;
}) {
  const schema = mode === "create" ? UserCreateSchema : UserEditSchema;
  const [form, fields] = useForm({
    id: `user-form-${mode}`,
    lastResult,
    defaultValue: { ...defaults, isActive: defaults.isActive ? "on" : undefined },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action.split("?")[0];
  const { t } = useTranslation();
  const busyLabel = mode === "create" ? t("users:form.creating") : t("users:form.updating");

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-3" preventScrollReset>
      <p role="alert" id={form.errorId} className="field-error">
        {form.errors?.map((message) => say(t, message)).join(" ")}
      </p>
      <Field field={fields.name} label={t("users:form.name")} error={fieldError(t, fields.name.errors)}>
        {(control) => (
          <input
            {...getInputProps(fields.name, { type: "text" })}
            {...control}
            key={fields.name.key}
            autoComplete="off"
            className="input mt-1"
          />
        )}
      </Field>
      <Field field={fields.email} label={t("users:form.email")} error={fieldError(t, fields.email.errors)}>
        {(control) => (
          <input
            {...getInputProps(fields.email, { type: "email" })}
            {...control}
            key={fields.email.key}
            autoComplete="off"
            dir="ltr"
            className="input mt-1"
          />
        )}
      </Field>
      <Field
        field={fields.phone}
        label={
          <>
            {t("users:form.mobile")} <span className="font-normal text-gray-500">{t("users:form.mobileHint")}</span>
          </>
        }
        error={fieldError(t, fields.phone.errors)}
      >
        {(control) => (
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            {...control}
            key={fields.phone.key}
            autoComplete="off"
            dir="ltr"
            className="input mt-1"
          />
        )}
      </Field>
      <Field field={fields.role} label={t("users:form.role")} error={fieldError(t, fields.role.errors)}>
        {(control) => (
          <select {...getSelectProps(fields.role)} {...control} key={fields.role.key} className="input mt-1">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(ROLE_KEYS[r])}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mode === "create" ? (
        <FieldGroup
          field={fields.authType}
          legend={t("users:form.signInMethod")}
          error={fieldError(t, fields.authType.errors)}
        >
          <div className="mt-1 space-y-1">
            {getCollectionProps(fields.authType, { type: "radio", options: [...AUTH_TYPES] }).map((props) => (
              <label key={props.key} className="flex items-center gap-2 text-sm">
                <input {...props} key={props.key} />
                {t(AUTH_TYPE_KEYS[props.value as AuthType])}
              </label>
            ))}
          </div>
        </FieldGroup>
      ) : null}
      <Field
        field={fields.department}
        label={
          <>
            {t("users:form.department")} <span className="font-normal text-gray-500">{t("users:form.optional")}</span>
          </>
        }
        error={fieldError(t, fields.department.errors)}
      >
        {(control) => (
          <input
            {...getInputProps(fields.department, { type: "text" })}
            {...control}
            key={fields.department.key}
            autoComplete="off"
            className="input mt-1"
          />
        )}
      </Field>
      <Field
        field={fields.showroomId}
        label={
          <>
            {t("users:form.showroom")} <span className="font-normal text-gray-500">{t("users:form.optional")}</span>
          </>
        }
        hint={t("users:form.showroomHint")}
        error={fieldError(t, fields.showroomId.errors)}
      >
        {(control) => (
          <select
            {...getSelectProps(fields.showroomId)}
            {...control}
            key={fields.showroomId.key}
            className="input mt-1"
          >
            <option value="">—</option>
            {showrooms.map((showroom) => (
              <option key={showroom.id} value={showroom.id}>
                {showroom.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} key={fields.isActive.key} />
        {t("users:form.active")}
      </label>
      <div className="flex justify-end gap-2 border-t border-gray-100 pt-3">
        <Link to={cancelTo} preventScrollReset className="btn-secondary">
          {t("users:cancel")}
        </Link>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : mode === "create" ? t("users:form.create") : t("users:form.update")}
        </button>
      </div>
    </Form>
  );
}
