import type { ReactNode } from "react";
import { fieldControlProps, fieldDescribedBy, fieldIds, type FieldControlProps } from "./field-aria";

/** Which field: a Conform field's metadata (its id and errorId), or a plain control's id. */
type FieldIdentity = { field: { id: string; errorId: string }; id?: never } | { id: string; field?: never };

type FieldParts = FieldIdentity & {
  /** A line under the control that the control is described by. */
  hint?: ReactNode;
  /**
   * The error, already in the page's language. A Conform field, or any `error` given (even ""), keeps a
   * slot of its own height under the control, so an error appearing never moves what follows.
   */
  error?: string;
  /** The slot announces its error as it appears (the forms whose errors tests and users meet as alerts). */
  errorAlert?: boolean;
  className?: string;
};

/**
 * Every form's field: the label, the control, an optional hint and the error slot, with the control's
 * `id`, `aria-invalid` and `aria-describedby` wired to them. Plain markup, so it works without JavaScript.
 * The control is drawn by `children` from the props given: spread them last, over Conform's own.
 */
export function Field({
  label,
  labelClassName = "label",
  labelAside,
  children,
  ...parts
}: FieldParts & {
  label: ReactNode;
  labelClassName?: string;
  /** Drawn beside the label on its line (a badge's button, a Reset). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const ids = fieldIds(parts.field ?? { id: parts.id });
  const labelElement = (
    <label htmlFor={ids.id} className={labelClassName}>
      {label}
    </label>
  );
  return (
    <div className={parts.className}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children(fieldControlProps(ids, { hint: parts.hint !== undefined, error: parts.error }))}
      <FieldFoot parts={parts} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/**
 * A field of several controls (a radio group, a list of boxes): a fieldset named by its legend and
 * described by the same hint and error slot as `Field`.
 */
export function FieldGroup({
  legend,
  legendClassName = "label",
  children,
  ...parts
}: FieldParts & { legend: ReactNode; legendClassName?: string; children: ReactNode }) {
  const ids = fieldIds(parts.field ?? { id: parts.id });
  return (
    <fieldset
      className={parts.className}
      aria-describedby={fieldDescribedBy(ids, { hint: parts.hint !== undefined, error: parts.error })}
    >
      <legend className={legendClassName}>{legend}</legend>
      {children}
      <FieldFoot parts={parts} hintId={ids.hintId} errorId={ids.errorId} />
    </fieldset>
  );
}

function FieldFoot({ parts, hintId, errorId }: { parts: FieldParts; hintId: string; errorId: string }) {
  return (
    <>
      {parts.hint !== undefined ? (
        <p id={hintId} className="text-xs text-gray-600">
          {parts.hint}
        </p>
      ) : null}
      {parts.field !== undefined || parts.error !== undefined ? (
        <p id={errorId} role={parts.errorAlert ? "alert" : undefined} className="field-error">
          {parts.error}
        </p>
      ) : null}
    </>
  );
}
