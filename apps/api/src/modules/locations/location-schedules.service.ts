import { ErrorCode } from '@scentia/shared/error-codes';
import type { LocationRow } from '@scentia/shared/locations.schemas';
import type { Schedule, ScheduleCopyBody } from '@scentia/shared/schedules.schemas';
import type { AccessScope } from '../../lib/access-scope.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import type { LocationSchedulesRepository } from './location-schedules.repository.ts';
import { locationsList } from './locations.repository.ts';

/**
 * When a location's devices diffuse (packages/shared schedules.schemas.ts): set on an active location,
 * or copied from one location onto up to 100 active others in one transaction — one inactive or
 * unknown target refuses the whole copy (400 naming it), and nothing is written. A Manager sets and
 * copies the schedules of their own locations only: another organisation's is unknown (404 or 400).
 */
export function createLocationSchedulesService(options: {
  repository: LocationSchedulesRepository;
  /** The location's row (404 when unknown or outside `scope`): the answer of a change. */
  readLocation: (id: number, scope?: AccessScope) => Promise<LocationRow>;
}) {
  const { repository, readLocation } = options;

  return {
    /** A save over a newer version of the location than `version` (its `updatedAt`) is STALE_RECORD. */
    async setSchedule(
      id: number,
      schedule: Schedule,
      version?: string,
      scope?: AccessScope,
    ): Promise<LocationRow> {
      const location = await readLocation(id, scope);
      if (!location.ativo) throw new AppError(ErrorCode.RECORD_INACTIVE);
      if (!(await repository.transaction((tx) => tx.setSchedule(id, schedule, version)))) {
        if (!(await readLocation(id)).ativo) throw new AppError(ErrorCode.RECORD_INACTIVE);
        throw new AppError(ErrorCode.STALE_RECORD);
      }
      return readLocation(id);
    },

    async copySchedule(body: ScheduleCopyBody, scope?: AccessScope): Promise<{ copied: number }> {
      const within = locationsList.narrow(scope);
      const targets = body.toLocationIds;
      const fromIndex = targets.indexOf(body.fromLocationId);
      if (fromIndex >= 0) {
        throw invalidFields({ path: `toLocationIds.${fromIndex}`, key: 'field.duplicateLocation' });
      }
      await repository.transaction(async (tx) => {
        const schedule = await tx.lockedSchedule(body.fromLocationId, within);
        if (!schedule) throw invalidFields({ path: 'fromLocationId', key: 'field.locationInactive' });
        const active = await tx.lockActive(targets, within);
        const refused = targets.flatMap((id, index) =>
          active.has(id) ? [] : [{ path: `toLocationIds.${index}`, key: 'field.locationInactive' as const }],
        );
        if (refused.length > 0) throw invalidFields(...refused);
        await tx.copyTo(targets, schedule);
      });
      return { copied: targets.length };
    },
  };
}

export type LocationSchedulesService = ReturnType<typeof createLocationSchedulesService>;
