import type { Locator } from '@playwright/test';

/** The words inside `locator` that the browser split over two lines ("Bloquea/do"): none, in a layout that fits. */
export function wordsSplitAcrossLines(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const split: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) split.push(word[0]);
        }
      }
    }
    return split;
  });
}
