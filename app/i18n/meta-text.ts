import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/languages";
import { catalogsOf } from "./catalogs";

/**
 * A page title in the page's language, for `meta` (which has no hooks and may run when the page's own
 * loader threw): the root's language, from its loaded catalogs (English when the root loader failed).
 * `key` is a full key (namespace:path, in a namespace the route names); no interpolation, titles need none.
 */
export function metaText(matches: readonly { id: string; data: unknown }[], key: string): string {
  const root = matches.find((match) => match.id === "root")?.data as { language?: unknown } | undefined;
  const language = isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
  const [namespace = "", path = ""] = key.split(":");
  let node: unknown = catalogsOf(language)?.[namespace];
  for (const part of path.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : key;
}
