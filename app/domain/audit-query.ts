/** How many entries one answer carries: 100 unless asked, never more than 500. */
export const AUDIT_QUERY_LIMIT = { default: 100, max: 500 } as const;

export type AuditQuery = { clientId: number; limit: number };

/**
 * The query of GET /api/audit: `target=client:<id>` (required) and `limit` (1 to the maximum,
 * default 100). Anything else, or a value it cannot read, is refused with the reason.
 */
export function parseAuditQuery(
  params: URLSearchParams,
): { ok: true; query: AuditQuery } | { ok: false; error: string; path: string } {
  for (const key of params.keys())
    if (key !== "target" && key !== "limit") return { ok: false, path: key, error: `Unknown parameter "${key}"` };
  const targets = params.getAll("target");
  const match = targets.length === 1 ? /^client:([1-9]\d{0,11})$/.exec(targets[0]!) : null;
  if (!match) return { ok: false, path: "target", error: 'target must be "client:<id>"' };
  const limits = params.getAll("limit");
  let limit: number = AUDIT_QUERY_LIMIT.default;
  if (limits.length > 0) {
    const text = limits.length === 1 ? limits[0]! : "";
    limit = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(limit >= 1 && limit <= AUDIT_QUERY_LIMIT.max))
      return { ok: false, path: "limit", error: `limit must be a whole number from 1 to ${AUDIT_QUERY_LIMIT.max}` };
  }
  return { ok: true, query: { clientId: Number(match[1]), limit } };
}
