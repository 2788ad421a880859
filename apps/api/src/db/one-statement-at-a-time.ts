import type pg from 'pg';

type QueryCall = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a connection take its statements one at a time: a statement asked for while another runs waits
 * until that one has answered, then goes. A transaction's statements share one connection, and a
 * repository may ask for two at once (`Promise.all` of a page and its total) — inside a bulk action's
 * one transaction or a member's, for instance. `pg` 8 queued the second inside the client and warned
 * that doing so is deprecated (pg 9 removes it: the call would fail). This is that queue, ours.
 * A cursor (a submittable) is answered through itself: the statement after it waits for its sending only.
 */
export function oneStatementAtATime(client: pg.ClientBase): void {
  const query = client.query.bind(client) as QueryCall;
  // Settles when the last statement handed to the connection has answered, failed ones included.
  let previous: Promise<unknown> = Promise.resolve();
  const queued = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const submittable = config as { submit?: unknown } | null;
    if (typeof submittable?.submit === 'function') {
      // Handed over as it came: the client attaches any callback to the submittable itself.
      const sent = previous.then(() => query(config, values, callback));
      previous = sent.catch(() => undefined);
      return config;
    }
    const valuesCallback = typeof values === 'function' ? values : undefined;
    const answerTo = (typeof callback === 'function' ? callback : valuesCallback) as
      | ((...answer: unknown[]) => void)
      | undefined;
    const ownValues = valuesCallback ? undefined : values;
    if (answerTo) {
      previous = previous.then(
        () =>
          new Promise<void>((resolve) => {
            try {
              query(config, ownValues, (...answer: unknown[]) => {
                resolve();
                answerTo(...answer);
              });
            } catch (error) {
              // What the client refuses at once (no statement at all) goes to the callback, not a hang.
              resolve();
              answerTo(error);
            }
          }),
      );
      return undefined;
    }
    const answered = previous.then(() => query(config, ownValues) as Promise<unknown>);
    previous = answered.catch(() => undefined);
    return answered;
  };
  (client as unknown as { query: QueryCall }).query = queued;
}
