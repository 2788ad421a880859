import { describe, expect, it } from 'vitest';
import { importErrorsCsv } from './import-errors-csv.ts';

const headings = { row: 'Linha', column: 'Coluna', message: 'Mensagem' };

describe('importErrorsCsv', () => {
  it('writes one line per error with a byte order mark, semicolons and CRLF', () => {
    const csv = importErrorsCsv(
      [
        { row: 3, column: 'cnpj', columnLabel: 'CNPJ', code: 'invalidCnpj', message: 'CNPJ Inválido' },
        { row: 5, column: null, columnLabel: null, code: 'duplicate', message: 'Linha repetida' },
      ],
      headings,
      'Linha inteira',
    );
    expect(csv).toBe(
      '\uFEFFLinha;Coluna;Mensagem\r\n3;CNPJ;CNPJ Inválido\r\n5;Linha inteira;Linha repetida\r\n',
    );
  });

  it('quotes cells holding separators, quotes or line breaks, and defuses formulas', () => {
    const csv = importErrorsCsv(
      [{ row: 2, column: 'name', columnLabel: 'Nome; fantasia', code: 'x', message: '=HYPERLINK("a")' }],
      headings,
      '',
    );
    expect(csv.split('\r\n')[1]).toBe('2;"Nome; fantasia";"\'=HYPERLINK(""a"")"');
  });
});
