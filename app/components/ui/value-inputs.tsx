import type { InputHTMLAttributes } from "react";
import { Field } from "./field";

/**
 * Uncontrolled controls showing a form's value: the server's copy after a no-JavaScript "Add line"
 * or a refusal. `idPrefix` keeps the ids of two forms on one page apart ("sale-price", "quote-price").
 */
export function ValueInput({
  idPrefix,
  name,
  label,
  value,
  ...rest
}: { idPrefix: string; name: string; label: string; value: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value"
>) {
  return (
    <Field id={`${idPrefix}-${name}`} label={label}>
      {(control) => <input {...control} name={name} defaultValue={value} className="input mt-1" {...rest} />}
    </Field>
  );
}

export function ValueSelect({
  idPrefix,
  name,
  label,
  value,
  options,
}: {
  idPrefix: string;
  name: string;
  label: string;
  value: string;
  /** [value, text] pairs, in the order shown. */
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Field id={`${idPrefix}-${name}`} label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className="input mt-1">
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
