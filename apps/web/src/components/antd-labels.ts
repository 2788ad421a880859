import type { TFunction } from 'i18next';
import { useEffect } from 'react';

/**
 * Labels antd's inner components write in English whatever the ConfigProvider's locale (the number
 * steppers' and the select's clear button, hard-coded in @rc-component), by the `common` key that
 * translates each. The input's clear button has no label at all: it gets the same "clear".
 */
const ENGLISH_LABELS: Readonly<Record<string, string>> = {
  'Increase Value': 'antdLabels.increase',
  'Decrease Value': 'antdLabels.decrease',
  Clear: 'antdLabels.clear',
};
const UNLABELLED = 'button.ant-input-clear-icon';
const MARK = 'data-label-key';
const SELECTOR = [
  ...Object.keys(ENGLISH_LABELS).map((label) => `[aria-label="${label}"]`),
  UNLABELLED,
  `[${MARK}]`,
].join(',');

function labelKey(element: Element): string | undefined {
  const marked = element.getAttribute(MARK);
  if (marked) return marked;
  const label = element.getAttribute('aria-label');
  if (label !== null) return ENGLISH_LABELS[label];
  return element.matches(UNLABELLED) ? ENGLISH_LABELS.Clear : undefined;
}

/** Labels every such element in `root` (itself included) in the current language. */
function localiseAntdLabels(root: Element, t: TFunction): void {
  const elements = root.matches(SELECTOR) ? [root] : [];
  elements.push(...root.querySelectorAll(SELECTOR));
  for (const element of elements) {
    const key = labelKey(element);
    if (!key) continue;
    const text = t(key);
    // Setting an equal value would still be a mutation, and the observer would never rest.
    if (element.getAttribute('aria-label') !== text) element.setAttribute('aria-label', text);
    if (element.getAttribute(MARK) !== key) element.setAttribute(MARK, key);
  }
}

/**
 * Keeps those labels in the page's language: once for the page as it is (and again on each change of
 * language), then for every element antd adds or relabels.
 */
export function useAntdLabels(t: TFunction, language: string): void {
  useEffect(() => {
    // Read so that a change of language relabels the page even where `t` keeps its identity.
    void language;
    localiseAntdLabels(document.body, t);
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes' && mutation.target instanceof Element) {
          localiseAntdLabels(mutation.target, t);
        }
        for (const node of mutation.addedNodes) {
          if (node instanceof Element) localiseAntdLabels(node, t);
        }
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [t, language]);
}
