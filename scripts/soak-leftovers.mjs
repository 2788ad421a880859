// What a soak (scripts/soak.mjs) must not leave behind, counted at its end: every stored file with its
// row and every row with its file, nothing pending, released or half-written, no record without its
// translations, and the shots and quiz events acknowledged all stored, once.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { shotBatchesFolded } from './bench-support.mjs';

/** [what, count] pairs; every count must be 0. */
export async function leftovers({ client, filesFolder, tally }) {
  const filesOnDisk = existsSync(filesFolder)
    ? readdirSync(filesFolder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(filesFolder.length + 1))
    : [];
  const temporaries = filesOnDisk.filter((name) => name.endsWith('.partial'));
  const stored = filesOnDisk.filter((name) => !name.endsWith('.partial'));
  const { rows: fileRows } = await client.query('select key, state from stored_files');
  const committed = new Set(fileRows.filter((row) => row.state === 'committed').map((row) => row.key));
  const diskSet = new Set(stored);
  const {
    rows: [rowsCheck],
  } = await (async () => {
    await shotBatchesFolded(client);
    return client.query(
      `select
       (select count(*) from fragrances f where f.image_key is not null and not exists
          (select 1 from stored_files s where s.key = f.image_key and s.state = 'committed'))::int as fragrance_images_missing,
       (select count(*) from fragrances f where f.thumbnail_key is not null and not exists
          (select 1 from stored_files s where s.key = f.thumbnail_key and s.state = 'committed'))::int as thumbnails_missing,
       (select count(*) from stored_files s where s.state = 'committed' and not exists
          (select 1 from fragrances f where f.image_key = s.key or f.thumbnail_key = s.key))::int as committed_unreferenced,
       (select count(*) from categories c where c.id = any($1::int[]) and
          (select count(*) from category_translations t where t.category_id = c.id) <> 2)::int as categories_partial,
       (select count(*) from fragrances f where f.id = any($2::int[]) and
          (select count(*) from fragrance_translations t where t.fragrance_id = f.id) <> 1)::int as fragrances_partial,
       (select coalesce(sum(count), 0) from shots)::bigint as shots,
       (select coalesce(sum(shots), 0) from shot_batches)::bigint as batch_shots,
       (select coalesce(sum(shots), 0) from shot_counts_hourly)::bigint as hourly_shots,
       (select count(*) from quiz_session_events)::int as events,
       (select count(*) from quiz_sessions)::int as sessions,
       (select coalesce(sum(starts), 0) from quiz_daily_stats)::int as starts`,
      [tally.categoriesCreated, tally.fragrancesCreated],
    );
  })();
  const orphans = [
    ['files on disk with no committed row', stored.filter((key) => !committed.has(key)).length],
    ['committed rows whose file is missing', [...committed].filter((key) => !diskSet.has(key)).length],
    ['files still pending or released', fileRows.filter((row) => row.state !== 'committed').length],
    ['temporary upload files (.partial)', temporaries.length],
    [
      'fragrance images or thumbnails without a committed file',
      rowsCheck.fragrance_images_missing + rowsCheck.thumbnails_missing,
    ],
    ['committed files no fragrance refers to', rowsCheck.committed_unreferenced],
    ['categories created without their 2 translations', rowsCheck.categories_partial],
    ['fragrances created without their translation', rowsCheck.fragrances_partial],
    ['shots acknowledged − stored', tally.shotsAcknowledged - Number(rowsCheck.shots)],
    [
      'shots stored − batches − hourly counts (each pair)',
      Math.abs(Number(rowsCheck.shots) - Number(rowsCheck.batch_shots)) +
        Math.abs(Number(rowsCheck.shots) - Number(rowsCheck.hourly_shots)),
    ],
    ['quiz events recorded − stored', tally.eventsRecorded - rowsCheck.events],
    ['quiz sessions − starts counted', rowsCheck.sessions - rowsCheck.starts],
  ];
  return orphans;
}
