import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The app's modules and what each imports (type-only and dynamic imports included: a cycle through
// types still ties two modules together). Specifiers resolve as tsconfig.json says: "~/" is app/,
// "./" and "../" are relative, and a path names a file, a file without its extension, or a folder's
// index. Packages and test files are left out; app/generated (Prisma's client, made by the build) is
// followed one step only, far enough to see who imports it.

const APP = fileURLToPath(new URL(".", import.meta.url));
const GENERATED = join(APP, "generated");
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

function appModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === GENERATED ? [] : appModules(path);
    const isModule = EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts");
    return isModule && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const bare = specifier.split("?")[0]!;
  let base: string;
  if (bare.startsWith("~/")) base = join(APP, bare.slice(2));
  else if (bare.startsWith("./") || bare.startsWith("../")) base = resolve(dirname(from), bare);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

const modules = appModules(APP);
const known = new Set(modules);
const name = (path: string) => relative(APP, path).split("\\").join("/");

/** Each module's imports inside app/, by path relative to app/ ("routes/_app.tsx"). */
const imports = new Map<string, string[]>(
  modules.map((path) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(path, "utf8"), true, true);
    const targets = importedFiles
      .map((imported) => resolveSpecifier(path, imported.fileName))
      .filter((target): target is string => target !== null && (known.has(target) || target.startsWith(GENERATED)));
    return [name(path), [...new Set(targets.map(name))]];
  }),
);

/** One cycle through each group of modules that import one another (Tarjan's strongly connected components). */
function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  // Within a group, the shortest way from its first module back to itself.
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const path = [node];
          while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
          return [...path, start];
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

// Only services, auth, the kept reads (app/cache, which asks the database's version) and the
// database layer itself reach the database: routes, components and domain rules never do.
const DATABASE = /^(db|generated)\//;
const MAY_READ_DATABASE = /^(services|auth|cache|db)\//;

describe("the app's import graph", () => {
  it("finds the app's modules and their imports", () => {
    expect(imports.get("routes/_app.customers.tsx")?.length).toBeGreaterThan(0);
    expect(imports.get("db/db.server.ts")).toContain("db/busy-retry.server.ts");
  });

  it("has no import cycles", () => {
    const cycles = findCycles(imports).map((cycle) => cycle.join(" -> "));
    expect(cycles).toEqual([]);
  });

  it("lets only services, auth, app/cache and app/db import the database", () => {
    const offenders = [...imports]
      .filter(([from]) => !MAY_READ_DATABASE.test(from))
      .flatMap(([from, targets]) => targets.filter((to) => DATABASE.test(to)).map((to) => `${from} -> ${to}`));
    expect(offenders).toEqual([]);
  });

  it("catches a cycle and names its way round", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
    ]);
    expect(findCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
  });
});
