/** The ids of one field: its control, the hint under it and the error slot (Conform's `${id}-error`). */
export type FieldIds = { id: string; hintId: string; errorId: string };

/** What a field's control carries so a screen reader reads its hint and error with it. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** The ids of a field from its control's id; a Conform field's metadata gives its own `errorId`. */
export function fieldIds(identity: { id: string; errorId?: string }): FieldIds {
  return { id: identity.id, hintId: `${identity.id}-hint`, errorId: identity.errorId ?? `${identity.id}-error` };
}

/**
 * The control points at its error while there is one (first, as Conform does: it matters most), then at
 * its hint. An empty error slot is not named, so nothing is read out for it.
 */
export function fieldDescribedBy(
  ids: FieldIds,
  { hint, error }: { hint: boolean; error?: string },
): string | undefined {
  const described = [error ? ids.errorId : null, hint ? ids.hintId : null].filter((id) => id !== null);
  return described.length > 0 ? described.join(" ") : undefined;
}

/** The props a field gives its control: the id its label names, whether it is invalid, what describes it. */
export function fieldControlProps(ids: FieldIds, state: { hint: boolean; error?: string }): FieldControlProps {
  return {
    id: ids.id,
    "aria-invalid": state.error ? true : undefined,
    "aria-describedby": fieldDescribedBy(ids, state),
  };
}
