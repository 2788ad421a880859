import type { Schedule } from '@scentia/shared/schedules.schemas';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';
import { isVersion } from '../../lib/resource-kit/record-writes.ts';

/** A location's weekly schedule: set on one, or copied from one onto others, each in its transaction. */
export class LocationSchedulesRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in a transaction (a savepoint in the caller's), on a repository of its handle. */
  transaction<T>(work: (repository: LocationSchedulesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new LocationSchedulesRepository(tx as unknown as Database)));
  }

  /**
   * Sets an active location's schedule (and `updated_at`); false when it is inactive, gone or no
   * longer at `version` (the `updatedAt` the save was based on, if any).
   */
  async setSchedule(id: number, schedule: Schedule, version?: string): Promise<boolean> {
    const rows = await this.db
      .update(locations)
      .set({ schedule, updatedAt: new Date() })
      .where(and(eq(locations.id, id), isNull(locations.deletedAt), isVersion(locations.updatedAt, version)))
      .returning({ id: locations.id });
    return rows.length === 1;
  }

  /**
   * The location's schedule, read for share (a change waits until the copy commits); undefined: gone,
   * or outside the caller's scope (`within`).
   */
  async lockedSchedule(id: number, within?: SQL): Promise<Schedule | undefined> {
    const [row] = await this.db
      .select({ schedule: locations.schedule })
      .from(locations)
      .where(and(eq(locations.id, id), within))
      .for('share');
    return row?.schedule;
  }

  /**
   * Locks the active locations among `ids` within the caller's scope (`within`), in id order so that
   * two copies cannot deadlock; answers them.
   */
  async lockActive(ids: number[], within?: SQL): Promise<Set<number>> {
    const rows = await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, ids), isNull(locations.deletedAt), within))
      .orderBy(locations.id)
      .for('update');
    return new Set(rows.map((row) => row.id));
  }

  /** Writes one schedule onto every location of `ids` in one statement. */
  async copyTo(ids: number[], schedule: Schedule): Promise<void> {
    await this.db
      .update(locations)
      .set({ schedule: sql`${JSON.stringify(schedule)}::jsonb`, updatedAt: new Date() })
      .where(inArray(locations.id, ids));
  }
}
