import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { lazyRequestLogger } from './lazy-request-logger.ts';

function captured(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  return { logger: createLogger(level, stream), lines };
}

describe("a request's logger", () => {
  it('is made only when a line is written at a level it logs, and then names the request', () => {
    const { logger, lines } = captured('warn');
    const child = vi.spyOn(logger, 'child');
    const requestLog = lazyRequestLogger(logger, { reqId: 'r-1' }, {});
    requestLog.info('not written');
    requestLog.debug({ detail: 1 }, 'not written either');
    expect(child).not.toHaveBeenCalled();
    expect(requestLog.level).toBe('warn');
    requestLog.warn({ code: 7 }, 'written');
    requestLog.error('also written');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.reqId, line.msg, line.code])).toEqual([
      ['r-1', 'written', 7],
      ['r-1', 'also written', undefined],
    ]);
  });

  it("follows the route's level over the server's", () => {
    const { logger, lines } = captured('info');
    const deviceLog = lazyRequestLogger(logger, { reqId: 'r-2' }, { level: 'warn' });
    deviceLog.info('not written on a device route');
    expect(deviceLog.level).toBe('warn');
    const pageLog = lazyRequestLogger(logger, { reqId: 'r-3' }, {});
    pageLog.info('written');
    expect(lines.map((line) => line.reqId)).toEqual(['r-3']);
  });

  it('hands out children and takes a new level like the logger it stands for', () => {
    const { logger, lines } = captured('warn');
    const requestLog = lazyRequestLogger(logger, { reqId: 'r-4' }, {});
    requestLog.level = 'info';
    requestLog.info('written once the level is lowered');
    requestLog.child({ part: 'upload' }).warn('from a child');
    expect(lines.map((line) => [line.reqId, line.part ?? null, line.msg])).toEqual([
      ['r-4', null, 'written once the level is lowered'],
      ['r-4', 'upload', 'from a child'],
    ]);
  });
});
