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
import { AUTH_TYPES, AUTH_TYPE_LABELS, ROLES, ROLE_LABELS, type AuthType, type Role } from "~/domain/roles";
import { UserCreateSchema, UserEditSchema } from "~/domain/user-form";

export type UserFormDefaults = {
  name: string;
  email: string;
  role: Role;
  authType?: AuthType;
  department: string;
  phone: string;
  isActive: boolean;
};

export const NEW_USER_DEFAULTS: UserFormDefaults = {
  name: "",
  email: "",
  role: "sales_front",
  authType: "totp",
  department: "",
  phone: "",
  isActive: true,
};

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
  cancelTo,
}: {
  mode: "create" | "edit";
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaults: UserFormDefaults;
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
  const busyLabel = mode === "create" ? "Creating..." : "Updating...";

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-3" preventScrollReset>
      <p role="alert" id={form.errorId} className="field-error">
        {form.errors?.join(" ")}
      </p>
      <div>
        <label htmlFor={fields.name.id} className="label">
          Name
        </label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="off"
          className="input mt-1"
        />
        <p id={fields.name.errorId} className="field-error">
          {fields.name.errors?.[0]}
        </p>
      </div>
      <div>
        <label htmlFor={fields.email.id} className="label">
          Email
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="off"
          className="input mt-1"
        />
        <p id={fields.email.errorId} className="field-error">
          {fields.email.errors?.[0]}
        </p>
      </div>
      <div>
        <label htmlFor={fields.phone.id} className="label">
          Mobile <span className="font-normal text-gray-500">(optional, for signing in by phone)</span>
        </label>
        <input
          {...getInputProps(fields.phone, { type: "tel" })}
          key={fields.phone.key}
          autoComplete="off"
          className="input mt-1"
        />
        <p id={fields.phone.errorId} className="field-error">
          {fields.phone.errors?.[0]}
        </p>
      </div>
      <div>
        <label htmlFor={fields.role.id} className="label">
          Role
        </label>
        <select {...getSelectProps(fields.role)} key={fields.role.key} className="input mt-1">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <p id={fields.role.errorId} className="field-error">
          {fields.role.errors?.[0]}
        </p>
      </div>
      {mode === "create" ? (
        <fieldset>
          <legend className="label">Sign-in method</legend>
          <div className="mt-1 space-y-1">
            {getCollectionProps(fields.authType, { type: "radio", options: [...AUTH_TYPES] }).map((props) => (
              <label key={props.key} className="flex items-center gap-2 text-sm">
                <input {...props} key={props.key} />
                {AUTH_TYPE_LABELS[props.value as AuthType]}
              </label>
            ))}
          </div>
          <p id={fields.authType.errorId} className="field-error">
            {fields.authType.errors?.[0]}
          </p>
        </fieldset>
      ) : null}
      <div>
        <label htmlFor={fields.department.id} className="label">
          Department <span className="font-normal text-gray-500">(optional)</span>
        </label>
        <input
          {...getInputProps(fields.department, { type: "text" })}
          key={fields.department.key}
          autoComplete="off"
          className="input mt-1"
        />
        <p id={fields.department.errorId} className="field-error">
          {fields.department.errors?.[0]}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} key={fields.isActive.key} />
        Active (can sign in)
      </label>
      <div className="flex justify-end gap-2 border-t border-gray-100 pt-3">
        <Link to={cancelTo} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : mode === "create" ? "Create User" : "Update User"}
        </button>
      </div>
    </Form>
  );
}
