import { createReadStream } from 'node:fs';
import { MAX_CELL_CHARACTERS, type SheetCell, type SheetRow } from './sheet-cells.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 when the file starts with its byte-order mark or reads as valid UTF-8 through and through;
 * otherwise Windows-1252 (a superset of Latin-1), what older Excel saves as "CSV". The whole file is
 * read once for this, streamed: an accent in the last row decides as much as one in the first.
 */
async function csvEncoding(path: string): Promise<'utf-8' | 'windows-1252'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isFirst = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 })) {
    const bytes = chunk as Buffer;
    if (isFirst && UTF8_BOM.every((byte, index) => bytes[index] === byte)) return 'utf-8';
    isFirst = false;
    try {
      decoder.decode(bytes, { stream: true });
    } catch {
      return 'windows-1252';
    }
  }
  try {
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** `;` (what a Brazilian Excel writes) when the header line has more of them than commas, else `,`. */
function csvSeparator(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let isQuoted = false;
  for (const character of headerLine) {
    if (character === '"') isQuoted = !isQuoted;
    else if (!isQuoted && character === ',') commas += 1;
    else if (!isQuoted && character === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** Decoded text of the file, chunk by chunk. */
async function* decodedChunks(path: string, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A CSV parser fed text piece by piece: it answers the records each piece completes. */
function csvParser(separator: string) {
  let field = '';
  let isTooLong = false;
  let cells: SheetCell[] = [];
  let isQuoted = false;
  let wasQuote = false;
  let row = 0;

  const endField = () => {
    cells.push(isTooLong ? { problem: 'cellTooLong' } : field === '' ? null : field);
    field = '';
    isTooLong = false;
  };
  const add = (character: string) => {
    if (isTooLong) return;
    if (field.length >= MAX_CELL_CHARACTERS) isTooLong = true;
    else field += character;
  };
  const endRecord = (finished: SheetRow[]) => {
    endField();
    row += 1;
    // A blank line is no record, but it keeps its row number, as a spreadsheet's empty row does.
    if (cells.some((cell) => cell !== null)) finished.push({ row, cells });
    cells = [];
  };

  return {
    feed(text: string): SheetRow[] {
      const finished: SheetRow[] = [];
      for (const character of text) {
        if (isQuoted) {
          if (!wasQuote && character !== '"') {
            add(character);
            continue;
          }
          if (!wasQuote) {
            wasQuote = true;
            continue;
          }
          wasQuote = false;
          if (character === '"') {
            add('"');
            continue;
          }
          isQuoted = false;
        }
        if (character === '"' && field === '' && !isTooLong) isQuoted = true;
        else if (character === separator) endField();
        else if (character === '\n') endRecord(finished);
        else if (character !== '\r') add(character);
      }
      return finished;
    },
    end(): SheetRow[] {
      const finished: SheetRow[] = [];
      if (field !== '' || isTooLong || cells.length > 0) endRecord(finished);
      return finished;
    },
  };
}

/**
 * The records of a CSV file, streamed: fields separated by `,` or `;` (read from the header line),
 * quoted fields with doubled quotes and line breaks inside, CRLF or LF. A field longer than any column
 * takes is not kept: it becomes a `cellTooLong` problem, so memory stays bounded by one row.
 */
export async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const encoding = await csvEncoding(path);
  let parser: ReturnType<typeof csvParser> | undefined;
  let pending = '';
  for await (const chunk of decodedChunks(path, encoding)) {
    if (parser) {
      yield* parser.feed(chunk);
      continue;
    }
    pending += chunk;
    const lineEnd = pending.indexOf('\n');
    if (lineEnd < 0 && pending.length < 1 << 16) continue;
    parser = csvParser(csvSeparator(lineEnd < 0 ? pending : pending.slice(0, lineEnd)));
    yield* parser.feed(pending.replace(/^\uFEFF/, ''));
    pending = '';
  }
  if (!parser) {
    parser = csvParser(csvSeparator(pending));
    yield* parser.feed(pending.replace(/^\uFEFF/, ''));
  }
  yield* parser.end();
}
