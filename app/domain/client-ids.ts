/** Client ids from a URL, a form or a JSON body: positive integers, each once; anything else is dropped. */
export function parseClientIds(raw: unknown): number[] {
  const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const ids = values.map((v) =>
    typeof v === "number" ? v : typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v) : NaN,
  );
  return [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
}
