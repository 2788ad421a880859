import { useState } from 'react';

/** What `useOpenedRecord` needs of a record's query (`recordEndpoint(...).useRecord`). */
export type RecordQuery<Row> = {
  data: Row | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<{ data?: Row | undefined }>;
};

export type Opened<Row> = {
  row: Row;
  revision: number;
  reload: () => Promise<unknown>;
  /** Takes in what a card saved of the record (its new version with it), the form left as it is. */
  adopt: (saved: Partial<Row>) => void;
};

/**
 * The record the form was opened with. A background refetch (the window regaining focus) does not
 * replace it: the form keeps what the person is editing and the save still carries the version they
 * started from, so a save over someone else's is refused as stale. The reload the failure offers
 * replaces it, and the new revision mounts a fresh form.
 */
export function useOpenedRecord<Row>(
  record: RecordQuery<Row>,
  id: number,
  recordId: (row: Row) => number,
): Opened<Row> | undefined {
  const [opened, setOpened] = useState<{ row: Row; revision: number } | undefined>(undefined);
  const loaded = record.data;
  const isCurrent = opened !== undefined && recordId(opened.row) === id;
  if (!isCurrent && loaded !== undefined && recordId(loaded) === id) {
    // Adjusting state while rendering (React's documented pattern): no frame shows the old record.
    setOpened({ row: loaded, revision: (opened?.revision ?? 0) + 1 });
  }
  if (!isCurrent || !opened) return undefined;
  return {
    ...opened,
    reload: async () => {
      const { data } = await record.refetch();
      if (data !== undefined) setOpened({ row: data, revision: opened.revision + 1 });
    },
    // A card's save succeeded over the version the form holds too (it sent that version), so nobody
    // else wrote in between: the form's next save may carry the new version without being refused as
    // stale, and without a fresh form that would drop its unsaved edits.
    adopt: (saved) => setOpened({ row: { ...opened.row, ...saved }, revision: opened.revision }),
  };
}
