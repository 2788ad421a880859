/** Why a cell could not be read: a formula (never evaluated) or a text over the bound any cell has. */
export type CellProblem = { problem: 'formula' | 'cellTooLong' };

/** A cell as a reader gives it: its text (trimmed later by the rules), empty as null, or its problem. */
export type SheetCell = string | null | CellProblem;

/** One record of the file: its row number in the spreadsheet (the header is row 1) and its cells. */
export type SheetRow = { row: number; cells: SheetCell[] };

/**
 * No cell of an import holds more than this many characters: the longest column (a note) takes 1,000,
 * so a bigger cell is refused as it is read, and a 1 MB cell never sits in memory whole.
 */
export const MAX_CELL_CHARACTERS = 10_000;

export const isCellProblem = (cell: SheetCell): cell is CellProblem =>
  typeof cell === 'object' && cell !== null;
