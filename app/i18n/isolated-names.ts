import type { TFunction } from "i18next";

/** Marks a name's place while the catalog text is interpolated: private-use characters no name holds. */
const mark = (i: number) => `\uE000${i}\uE001`;
const MARKS = /\uE000(\d+)\uE001/g;
const ISOLATE = /<bdi>(.*?)<\/bdi>/;

/**
 * A catalog text whose only markup is `<bdi>` around names, as a list of pieces: plain text, or
 * text to isolate. The names (`nameKeys` of `values`) go in after the markup is read, so a name
 * can never be read as markup. React's <Trans> gives the same, parsing the text into nodes each
 * time: 150 of it made a tenth of a dashboard's server time (issue #19; docs/performance.md).
 */
export function isolatedNames(
  t: TFunction,
  key: string,
  values: Record<string, string | number>,
  nameKeys: readonly string[],
): { text: string; isolated: boolean }[] {
  const names: string[] = [];
  const marked = Object.fromEntries(
    Object.entries(values).map(([k, v]) => (nameKeys.includes(k) ? [k, mark(names.push(String(v)) - 1)] : [k, v])),
  );
  return t(key, marked)
    .split(ISOLATE)
    .map((text, i) => ({ text: text.replace(MARKS, (_, n: string) => names[Number(n)] ?? ""), isolated: i % 2 === 1 }))
    .filter((piece) => piece.text !== "" || piece.isolated);
}
