import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Layouts mirror for Arabic through logical classes (ms-/me-/ps-/pe-/start-/end-/text-start/border-e …), never
 * physical ones (docs/decisions/021-arabic-and-english.md). A physical class in a component is reported here.
 * (Tailwind 4's space-x and divide-x are already logical.)
 */
const PHYSICAL =
  /^-?(?:(?:m|p|scroll-m|scroll-p)[lr]-.+|(?:left|right|inset-[lr])-.+|(?:border|rounded)-(?:[lr]|[tb][lr])(?:-.+)?|text-(?:left|right)|float-(?:left|right))$/;

function physicalClasses(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g))
    for (const token of (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/)) {
      const utility = token.split(":").pop() ?? "";
      if (PHYSICAL.test(utility)) found.push(token);
    }
  return found;
}

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return components(path);
    return entry.name.endsWith(".tsx") ? [path] : [];
  });
}

describe("logical CSS", () => {
  it("recognises physical utilities behind variants, and leaves words and logical ones alone", () => {
    expect(physicalClasses(`"lg:pl-64 ms-2 text-start right-4" 'left' "-right-2 border-r file:mr-3 end-4"`)).toEqual([
      "lg:pl-64",
      "right-4",
      "-right-2",
      "border-r",
      "file:mr-3",
    ]);
  });

  it("finds none in the app's components and routes", () => {
    const app = join(import.meta.dirname, "..");
    const found = components(app).flatMap((path) =>
      physicalClasses(readFileSync(path, "utf8")).map((token) => `${relative(app, path)}: ${token}`),
    );
    expect(found).toEqual([]);
  });
});
