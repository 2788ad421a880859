/** A moment one side of a race waits for: `opened` resolves once `open()` is called. */
export function signal() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Resolves after `ms`: long enough for a blocked statement to be waiting on its lock. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
