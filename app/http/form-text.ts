/** A form field's text, or "" when it is absent or a file: form posts are untrusted input. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
