/**
 * The catalogs' consistency rules (docs/decisions/021-arabic-and-english.md), checked by
 * catalog-check.test.ts in `npm test`: every key is in every language, every key is used by the app, and
 * every key the app uses exists. Keys are written in full in the code ("dashboard:alerts.failed"), so a
 * plain text search finds them; plural forms (_one, _few, …) count as their base key, since Arabic has six.
 */
export type Catalog = { [key: string]: string | Catalog };
export type Catalogs = Record<string, Record<string, Catalog>>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** "ns:a.b" for every string in a namespace's catalog, plural forms folded into their base key. */
export function catalogKeys(namespace: string, catalog: Catalog, prefix = ""): Set<string> {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof value === "string") keys.add(`${namespace}:${path.replace(PLURAL_SUFFIX, "")}`);
    else for (const key of catalogKeys(namespace, value, path)) keys.add(key);
  }
  return keys;
}

/** Every "ns:key" string literal in a source text, for the namespaces that exist. */
export function usedKeys(source: string, namespaces: readonly string[]): Set<string> {
  const found = new Set<string>();
  const pattern = new RegExp(`["'\`](${namespaces.join("|")}):([A-Za-z0-9_.]+)["'\`]`, "g");
  for (const match of source.matchAll(pattern)) found.add(`${match[1]}:${match[2]}`);
  return found;
}

export function catalogProblems(catalogs: Catalogs, sources: readonly string[]): string[] {
  const problems: string[] = [];
  const languages = Object.keys(catalogs);
  const namespaces = [...new Set(languages.flatMap((language) => Object.keys(catalogs[language]!)))].sort();
  const keysOf = new Map<string, Set<string>>();
  for (const language of languages) {
    const keys = new Set<string>();
    for (const namespace of namespaces) {
      const catalog = catalogs[language]![namespace];
      if (!catalog) problems.push(`${language}: namespace "${namespace}" is missing`);
      else for (const key of catalogKeys(namespace, catalog)) keys.add(key);
    }
    keysOf.set(language, keys);
  }
  const allKeys = new Set([...keysOf.values()].flatMap((keys) => [...keys]));
  for (const key of [...allKeys].sort())
    for (const language of languages) if (!keysOf.get(language)!.has(key)) problems.push(`${language}: missing ${key}`);

  const used = new Set(sources.flatMap((source) => [...usedKeys(source, namespaces)]));
  for (const key of [...allKeys].sort()) if (!used.has(key)) problems.push(`unused key ${key}`);
  for (const key of [...used].sort()) if (!allKeys.has(key)) problems.push(`unknown key ${key} used in app code`);
  return problems;
}
