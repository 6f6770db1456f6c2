import type { Page } from "@playwright/test";

/**
 * Latin words a person can see on the page, for the check that an Arabic page has no English left
 * (docs/decisions/021-arabic-and-english.md). Text people typed or that is a number or code is marked up
 * as such and skipped: names and other user text in `<bdi>`, mobiles, e-mails, IDs and amounts in
 * `dir="ltr"`, codes in `<code>`/`<kbd>`, and text marked as English on purpose (`lang="en"`: the language
 * switch names English in English). The brand, goAML (the UAE FIU's reporting system, which has no Arabic
 * name) and `allow` are words the page may show as they are.
 * `within` narrows the check to one part of the page (a dialog over a screen another change converts).
 */
export async function visibleLatinWords(page: Page, allow: readonly string[] = [], within = "body"): Promise<string[]> {
  const words = await page.evaluate((rootSelector) => {
    const root = document.querySelector(rootSelector) ?? document.body;
    const skipped = "bdi, [dir='ltr'], [lang='en'], code, kbd, script, style, noscript, template, svg";
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skipped)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      found.push(...((node.textContent ?? "").match(/[A-Za-z]{2,}/g) ?? []));
    }
    // What a screen reader hears counts too. A label cannot isolate the name it carries ("واتساب Omar"), so
    // words the page shows isolated elsewhere (names, typed text) are theirs, not English left over.
    const isolated = new Set<string>();
    for (const element of root.querySelectorAll(skipped))
      for (const word of element.textContent?.match(/[A-Za-z]{2,}/g) ?? []) isolated.add(word);
    for (const element of root.querySelectorAll<HTMLElement>("[aria-label], [placeholder], [title]")) {
      if (element.closest(skipped) || !element.checkVisibility()) continue;
      for (const attribute of ["aria-label", "placeholder", "title"]) {
        const words = (element.getAttribute(attribute) ?? "").match(/[A-Za-z]{2,}/g) ?? [];
        found.push(...words.filter((word) => !isolated.has(word)));
      }
    }
    return found;
  }, within);
  const allowed = new Set(["Jewel", "CRM", "goAML", ...allow]);
  return [...new Set(words.filter((word) => !allowed.has(word)))];
}
