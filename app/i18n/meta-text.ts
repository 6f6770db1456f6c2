/**
 * A page title in the page's language, for `meta` (which has no hooks and may run when the page's own
 * loader threw): it reads the catalogs the root loader sent. `key` is a full key ("dashboard:title");
 * no interpolation, titles do not need it.
 */
export function metaText(matches: readonly { id: string; data: unknown }[], key: string): string {
  const root = matches.find((match) => match.id === "root")?.data as { catalogs?: Record<string, unknown> } | undefined;
  const [namespace = "", path = ""] = key.split(":");
  let node: unknown = root?.catalogs?.[namespace];
  for (const part of path.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : key;
}
