import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type ExportColumn<Row> = {
  header: string;
  width?: number;
  value: (row: Row) => string | number | Date | null;
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `usuarios-2026-11-21.xlsx`: the resource's name in the request's language and today's date. */
export function datedFileName(baseName: string, now = new Date()): string {
  return `${baseName}-${now.toISOString().slice(0, 10)}.xlsx`;
}

// How much sheet XML may wait for the zip compressor before writing more rows pauses.
const MAX_UNCOMPRESSED_BYTES = 4 * 1024 * 1024;

type BufferedWritable = NodeJS.EventEmitter & { _writableState?: { length: number } };

/**
 * ExcelJS pushes sheet XML into its zip compressor without honouring back-pressure, so rows read
 * faster than deflate compresses them would pile up in memory. Wait until the compressor's input
 * buffer (a readable-stream PassThrough behind the sheet stream; private, hence the guarded access)
 * has room again.
 */
async function compressorCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const target = (sheet as unknown as { _stream?: { pipes?: BufferedWritable[] } })._stream?.pipes?.[0];
  while (target?._writableState && target._writableState.length > MAX_UNCOMPRESSED_BYTES) {
    await drainOrClose(target);
  }
}

/** Resolves on the first 'drain' or 'close', removing both listeners so none pile up. */
function drainOrClose(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Resolves when the stream can take more, or has been closed (the client went away). */
async function writable(stream: PassThrough): Promise<void> {
  if (stream.writableNeedDrain) await drainOrClose(stream);
}

export type XlsxSheet<Row> = {
  sheetName: string;
  columns: ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
};

/**
 * Streams rows into an .xlsx download with ExcelJS's streaming writer: rows are committed as they
 * arrive, shared strings and styles are off, and writing waits whenever the client reads slower
 * than the database answers, so memory stays flat however many rows there are.
 */
export function sendXlsx<Row>(
  reply: FastifyReply,
  options: { fileName: string } & XlsxSheet<Row>,
): FastifyReply {
  return sendXlsxSheets(reply, { fileName: options.fileName, sheets: [options] });
}

/** As `sendXlsx`, with several sheets written one after the other. */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type
export function sendXlsxSheets(reply: FastifyReply, options: { fileName: string; sheets: XlsxSheet<any>[] }) {
  const output = new PassThrough({ highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });

  const write = async () => {
    for (const { sheetName, columns, batches } of options.sheets) {
      const sheet = workbook.addWorksheet(sheetName);
      sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 18 }));
      for await (const batch of batches) {
        if (output.destroyed) return;
        for (const row of batch) sheet.addRow(columns.map((column) => column.value(row))).commit();
        await compressorCaughtUp(sheet);
        await writable(output);
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    // The headers are gone already: all that can be done is to cut the download short and log why.
    reply.log.error({ err: error }, 'Export failed while streaming');
    output.destroy(error as Error);
  });

  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${options.fileName}"`)
    .header('cache-control', 'no-store')
    .send(output);
}
