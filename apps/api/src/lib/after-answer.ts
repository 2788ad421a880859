import type { FastifyBaseLogger } from 'fastify';
import { outsideMemberTransaction } from '../db/member-transaction.ts';

/**
 * Work a request asks for but its answer must not wait for, because how long it takes would tell the
 * caller something (a recovery mail is only made for an address with an account). A failure is logged,
 * not answered; `settled` waits for everything started, so a closing server finishes it first.
 */
export type AfterAnswer = {
  run: (name: string, task: () => Promise<void>) => void;
  settled: () => Promise<void>;
};

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      // After the handler has returned and its answer's hooks have run: the answer leaves first. Not
      // in a member's transaction, which is over by then: the work is the server's own.
      const started = outsideMemberTransaction(() =>
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => log.error({ err: error, task: name }, 'work after an answer failed'))
          .finally(() => running.delete(started)),
      );
      running.add(started);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
