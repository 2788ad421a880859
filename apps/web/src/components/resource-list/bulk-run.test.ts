import type { BulkAnswer, BulkBody } from '@scentia/shared/record-bulk.schemas';
import { describe, expect, it } from 'vitest';
import { BulkRunError, bulkResultCsv, countOutcomes, runBulk } from './bulk-run.ts';

const ACTION_ID = '0b8f7d1c-2f3a-4c5e-9a8b-1c2d3e4f5a6b';
const ids = Array.from({ length: 1201 }, (_, index) => index + 1);

/** A server that answers every id `done` (id 7 refused) and records what it was sent. */
function fakeServer(failAt?: number) {
  const bodies: BulkBody[] = [];
  const send = async (body: BulkBody): Promise<BulkAnswer> => {
    bodies.push(body);
    if (failAt === bodies.length) throw new Error('connection lost');
    return {
      actionId: ACTION_ID,
      results: body.ids.map((id) => ({
        id,
        name: `R${id}`,
        outcome: id === 7 ? 'refused' : 'done',
        code: id === 7 ? 'RECORD_IN_USE' : null,
        message: id === 7 ? 'Em uso.' : null,
      })),
    };
  };
  return { bodies, send };
}

describe('runBulk', () => {
  it('sends chunks of 500 one after the other, each after the first with the actionId the first answered', async () => {
    const server = fakeServer();
    const progress: number[] = [];

    const run = await runBulk({
      action: 'deactivate',
      ids,
      send: server.send,
      onProgress: (done) => progress.push(done),
    });

    expect(server.bodies.map((body) => body.ids.length)).toEqual([500, 500, 201]);
    expect(server.bodies.map((body) => body.actionId)).toEqual([undefined, ACTION_ID, ACTION_ID]);
    expect(server.bodies.flatMap((body) => body.ids)).toEqual(ids);
    expect(progress).toEqual([500, 1000, 1201]);
    expect(run.results).toHaveLength(1201);
    expect(countOutcomes(run.results)).toEqual({ done: 1200, unchanged: 0, refused: 1, notFound: 0 });
    expect(run.notSent).toEqual([]);
  });

  it('carries the values of a move in every chunk', async () => {
    const server = fakeServer();
    await runBulk({ action: 'move', ids: ids.slice(0, 600), values: { locationId: 3 }, send: server.send });
    expect(server.bodies.map((body) => body.values)).toEqual([{ locationId: 3 }, { locationId: 3 }]);
  });

  it('stops before the next chunk once cancelled, and names the ids never sent', async () => {
    const server = fakeServer();
    let isCancelled = false;
    const run = await runBulk({
      action: 'activate',
      ids,
      send: server.send,
      onProgress: () => {
        isCancelled = true;
      },
      isCancelled: () => isCancelled,
    });
    expect(server.bodies).toHaveLength(1);
    expect(run.results).toHaveLength(500);
    expect(run.notSent).toEqual(ids.slice(500));
  });

  it('stops at a failed chunk with what the earlier chunks answered', async () => {
    const server = fakeServer(2);
    const failure = await runBulk({ action: 'delete', ids, send: server.send }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BulkRunError);
    const { partial, cause } = failure as BulkRunError;
    expect((cause as Error).message).toBe('connection lost');
    expect(partial.actionId).toBe(ACTION_ID);
    expect(partial.results).toHaveLength(500);
    expect(partial.notSent).toEqual(ids.slice(500));
  });
});

describe('bulkResultCsv', () => {
  const texts = {
    header: ['ID', 'Nome', 'Resultado', 'Mensagem'] as const,
    outcome: (outcome: string) => (outcome === 'done' ? 'Concluído' : 'Recusado'),
    separator: ';' as const,
  };

  it('writes id, name, outcome and message, quoting what needs it, with a BOM for Excel', () => {
    const csv = bulkResultCsv(
      [
        {
          id: 1,
          name: 'Loja "Centro"; SP',
          outcome: 'refused',
          code: 'X',
          message: 'Tem locais ativos:\nA, B',
        },
        { id: 2, name: 'Açaí', outcome: 'done', code: null, message: null },
      ],
      texts,
    );
    expect(csv).toBe(
      '\uFEFFID;Nome;Resultado;Mensagem\r\n' +
        '1;"Loja ""Centro""; SP";Recusado;"Tem locais ativos:\nA, B"\r\n' +
        '2;Açaí;Concluído;\r\n',
    );
  });

  it('keeps a name a spreadsheet would run as a formula as text', () => {
    const csv = bulkResultCsv(
      [{ id: 3, name: '=HYPERLINK("x")', outcome: 'done', code: null, message: null }],
      {
        ...texts,
        separator: ',',
      },
    );
    expect(csv.split('\r\n')[1]).toBe('3,"\'=HYPERLINK(""x"")",Concluído,');
  });
});
