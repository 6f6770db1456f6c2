import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogKeys, catalogProblems, usedKeys, type Catalog, type Catalogs } from "./catalog-check";

const APP = join(import.meta.dirname, "..");
const LOCALES = join(APP, "locales");
/** app/locales/<language>/<namespace>.json, beside each language's module <language>.ts. */
const LANGUAGE_DIRECTORIES = readdirSync(LOCALES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function appSources(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["generated", "locales"].includes(entry.name) ? [] : appSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function repositoryCatalogs(): Catalogs {
  const catalogs: Catalogs = {};
  for (const language of LANGUAGE_DIRECTORIES) {
    catalogs[language] = {};
    for (const file of readdirSync(join(LOCALES, language)))
      catalogs[language][file.replace(/\.json$/, "")] = JSON.parse(
        readFileSync(join(LOCALES, language, file), "utf8"),
      ) as Catalog;
  }
  return catalogs;
}

describe("the catalog rules", () => {
  it("folds plural forms into their base key", () => {
    expect([...catalogKeys("ns", { a: { b_one: "x", b_other: "y", b_few: "z" }, c: "w" })]).toEqual(["ns:a.b", "ns:c"]);
  });

  it("finds full keys in any quotes, only for known namespaces", () => {
    const source = `t("dashboard:alerts.failed"); <Trans i18nKey='common:errors.notFoundHint' />; label: \`common:nav.menu\`; "https://x"`;
    expect([...usedKeys(source, ["common", "dashboard"])].sort()).toEqual([
      "common:errors.notFoundHint",
      "common:nav.menu",
      "dashboard:alerts.failed",
    ]);
  });

  it("reports a key missing in a language, an unused key and an unknown key", () => {
    const catalogs = { en: { ns: { a: "A", b: "B" } }, ar: { ns: { a: "أ" } } };
    expect(catalogProblems(catalogs, [`t("ns:a")`, `t("ns:zz")`])).toEqual([
      "ar: missing ns:b",
      "unused key ns:b",
      "unknown key ns:zz used in app code",
    ]);
  });
});

describe("the app's catalogs (app/locales)", () => {
  it("have every key in English and Arabic, each used by the app, and the app uses no other", () => {
    const sources = appSources().map((path) => `// ${relative(APP, path)}\n${readFileSync(path, "utf8")}`);
    expect(catalogProblems(repositoryCatalogs(), sources)).toEqual([]);
  });

  it("are all in their language's module, so the server and the browser have every namespace", () => {
    for (const language of LANGUAGE_DIRECTORIES) {
      const module = readFileSync(join(LOCALES, `${language}.ts`), "utf8");
      for (const file of readdirSync(join(LOCALES, language)))
        expect(module, `${language}/${file}`).toContain(`./${language}/${file}`);
    }
  });
});
