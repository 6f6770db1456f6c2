/** A form field's text, or "" when it is absent or a file: form posts are untrusted input. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Every text field of a form post: one value as text, a repeated name (ticked checkboxes) as a
 * list. Files are left out.
 */
export function formValues(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((v): v is string => typeof v === "string");
    if (values.length > 0) out[name] = values.length === 1 ? values[0]! : values;
  }
  return out;
}
