import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { UNSAFE_flatRoutes } from "@remix-run/dev";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "~/domain/languages";
import { usedKeys } from "~/i18n/catalog-check";

// Catalogs per route (docs/decisions/040-catalogs-per-route.md): the browser loads only the namespaces the
// matched routes name in their `handle`, so every name must be a catalog of both languages, and every
// screen must name (itself or through a parent route) each namespace its code asks for.

const APP = resolve("app");
const NAMESPACES = readdirSync(join(APP, "locales", "en")).map((file) => file.replace(/\.json$/, ""));
type RouteModule = { default?: unknown; handle?: { i18n?: unknown } };
const routes = UNSAFE_flatRoutes(APP, ["**/*.test.ts", "**/*.test.tsx"]);
const modules = import.meta.glob<RouteModule>(["/app/root.tsx", "/app/routes/*.{ts,tsx}"]);

const loaded = new Map<string, RouteModule>();

function routeModule(id: string): RouteModule {
  return loaded.get(id)!;
}

function declared(id: string): string[] {
  const { handle } = routeModule(id);
  return Array.isArray(handle?.i18n) ? (handle.i18n as string[]) : [];
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const ending of [".ts", ".tsx", "/index.ts", "/index.tsx", ""])
    if (/\.tsx?$/.test(base + ending) && existsSync(base + ending)) return base + ending;
  return null;
}

/**
 * The app's modules a route module brings to the browser: its own and what it imports, not type-only
 * imports nor *.server modules (the bundler leaves those out). Message codes' registry is left out as
 * well: it lists every service's messages, and a route names the namespaces of those its actions give.
 */
function browserModules(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, "utf8");
  const imports = source.matchAll(
    /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
  );
  for (const [, typeOnly, specifier, dynamic] of imports) {
    if (typeOnly) continue;
    const file = resolveImport(entry, (specifier ?? dynamic)!);
    if (!file || /\.server\.tsx?$/.test(file) || file.endsWith(join("domain", "message-codes.ts"))) continue;
    browserModules(file, seen);
  }
  return seen;
}

describe("the namespaces each route names", () => {
  // Every route module, with the server code it imports: some seconds.
  beforeAll(async () => {
    for (const id of ["root", ...Object.keys(routes)])
      loaded.set(id, await modules[`/app/${id === "root" ? "root.tsx" : routes[id]!.file}`]!());
  }, 120_000);

  it("are catalogs in every language", () => {
    const unknown: string[] = [];
    for (const id of ["root", ...Object.keys(routes)])
      for (const namespace of declared(id))
        for (const language of LANGUAGES)
          if (!existsSync(join(APP, "locales", language, `${namespace}.json`)))
            unknown.push(`${id}: ${language}/${namespace}`);
    expect(unknown).toEqual([]);
  });

  it("cover every namespace a screen's browser code asks for, with its parent routes'", () => {
    const missing: string[] = [];
    for (const id of ["root", ...Object.keys(routes)]) {
      if (routeModule(id).default === undefined) continue; // a resource route renders no screen
      const named = new Set(declared("root"));
      for (let parent: string | undefined = id; parent && parent !== "root"; parent = routes[parent]?.parentId)
        for (const namespace of declared(parent)) named.add(namespace);
      for (const file of browserModules(join(APP, id === "root" ? "root.tsx" : routes[id]!.file)))
        for (const key of usedKeys(readFileSync(file, "utf8"), NAMESPACES)) {
          const namespace = key.slice(0, key.indexOf(":"));
          if (!named.has(namespace) && !missing.some((line) => line.startsWith(`${id} names no ${namespace} `)))
            missing.push(`${id} names no ${namespace} (${key} in ${relative(APP, file)})`);
        }
    }
    expect(missing).toEqual([]);
  });
});
