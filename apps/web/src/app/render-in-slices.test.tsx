// @vitest-environment jsdom
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { renderInSlices } from './render-in-slices.ts';

const COMPONENTS = Array.from({ length: 12 }, (_, index) => index);
const WORK_MS = 3;

/** A component that keeps the thread busy while it renders, as the login page's tree does on a slow phone. */
function Busy({ index, log, onRender }: { index: number; log: string[]; onRender: () => void }) {
  onRender();
  const until = performance.now() + WORK_MS;
  while (performance.now() < until) {}
  log.push(`render ${index}`);
  return <span>{index}</span>;
}

describe('renderInSlices', () => {
  it('renders the first tree over several tasks, letting other work run between them', async () => {
    const log: string[] = [];
    const container = document.createElement('div');
    const root = createRoot(container);
    let other: Promise<void> | undefined;
    // Another task, queued as the render starts (a tap's handler, a timer): it runs in a gap between
    // slices, not after the whole tree.
    const queueOtherTask = () => {
      other ??= new Promise<void>((resolve) =>
        setImmediate(() => {
          log.push('other task');
          resolve();
        }),
      );
    };
    renderInSlices(
      root,
      COMPONENTS.map((index) => <Busy key={index} index={index} log={log} onRender={queueOtherTask} />),
    );
    // Not inside act(): act flushes the render in one go, which is what this test rules out.
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(COMPONENTS.length));
    await other;
    const otherAt = log.indexOf('other task');
    expect(otherAt).toBeGreaterThan(0);
    expect(otherAt).toBeLessThan(log.length - 1);
    root.unmount();
  });
});
