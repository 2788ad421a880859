/**
 * jsdom has neither media queries nor ResizeObserver, which antd's grid and table ask for: a wide
 * screen that never resizes.
 */
export function stubWideScreen(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }) as unknown as MediaQueryList;
}
