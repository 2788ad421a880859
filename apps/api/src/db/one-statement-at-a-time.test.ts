import { describe, expect, it } from 'vitest';
import { oneStatementAtATime } from './one-statement-at-a-time.ts';

/** A client whose statements answer when the test says, recording what it was handed and when. */
function fakeClient() {
  const handed: string[] = [];
  const pending: { text: string; answer: (error?: Error) => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const client = {
    query(config: unknown, _values?: unknown, callback?: (error: Error | null, result?: unknown) => void) {
      const submittable = config as { submit?: unknown; text?: string };
      const text = typeof config === 'string' ? config : (submittable.text ?? '?');
      handed.push(text);
      if (typeof submittable.submit === 'function') return config;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      return new Promise((resolve, reject) => {
        pending.push({
          text,
          answer: (error) => {
            running -= 1;
            if (callback) callback(error ?? null, { text });
            if (error) reject(error);
            else resolve({ text });
          },
        });
      }).catch((error: unknown) => {
        if (!callback) throw error;
      });
    },
  };
  return { client, handed, pending, mostAtOnce: () => mostAtOnce };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a connection taking one statement at a time', () => {
  it('hands a statement over only once the one before it has answered, in the order asked', async () => {
    const fake = fakeClient();
    oneStatementAtATime(fake.client as never);
    const first = fake.client.query('select 1');
    const second = fake.client.query('select 2');
    await tick();
    expect(fake.handed).toEqual(['select 1']);
    fake.pending.shift()?.answer();
    await expect(first).resolves.toEqual({ text: 'select 1' });
    await tick();
    expect(fake.handed).toEqual(['select 1', 'select 2']);
    fake.pending.shift()?.answer();
    await expect(second).resolves.toEqual({ text: 'select 2' });
    expect(fake.mostAtOnce()).toBe(1);
  });

  it('goes on after a failed statement, which fails alone', async () => {
    const fake = fakeClient();
    oneStatementAtATime(fake.client as never);
    const failing = fake.client.query('select broken');
    const next = fake.client.query('select 2');
    await tick();
    fake.pending.shift()?.answer(new Error('broken'));
    await expect(failing).rejects.toThrow('broken');
    await tick();
    fake.pending.shift()?.answer();
    await expect(next).resolves.toEqual({ text: 'select 2' });
  });

  it('answers a callback statement through its callback, in its turn', async () => {
    const fake = fakeClient();
    oneStatementAtATime(fake.client as never);
    const answers: string[] = [];
    void fake.client.query('select 1');
    fake.client.query('select 2', [], (_error, result) => {
      answers.push((result as { text: string }).text);
    });
    await tick();
    expect(fake.handed).toEqual(['select 1']);
    fake.pending.shift()?.answer();
    await tick();
    fake.pending.shift()?.answer();
    await tick();
    expect(answers).toEqual(['select 2']);
  });

  it('hands what the client refuses at once to the callback, and goes on', async () => {
    const fake = fakeClient();
    const refusing = {
      query(config: unknown, values?: unknown, callback?: unknown) {
        if (config === null) throw new TypeError('no statement');
        return fake.client.query(config, values, callback as never);
      },
    };
    oneStatementAtATime(refusing as never);
    const errors: unknown[] = [];
    refusing.query(null, [], (error: unknown) => errors.push(error));
    const next = refusing.query('select 2');
    await tick();
    expect(errors).toEqual([new TypeError('no statement')]);
    fake.pending.shift()?.answer();
    await expect(next).resolves.toEqual({ text: 'select 2' });
  });

  it('sends a cursor in its turn and answers it as itself', async () => {
    const fake = fakeClient();
    oneStatementAtATime(fake.client as never);
    void fake.client.query('select 1');
    const cursor = { text: 'cursor', submit: () => {} };
    expect(fake.client.query(cursor)).toBe(cursor);
    await tick();
    expect(fake.handed).toEqual(['select 1']);
    fake.pending.shift()?.answer();
    await tick();
    expect(fake.handed).toEqual(['select 1', 'cursor']);
  });
});
