import type { Access, RecordDoors } from '@scentia/shared/access.rules';

type RecordActionKind = 'edit' | 'delete' | 'toggle';

/**
 * The row actions a person is offered, from those the resource's row rule allows: editing needs the
 * update door (without it the record's page still opens, read-only: `view`), activating, deactivating
 * and deleting need the states door. Nothing the server would refuse is offered. A resource without
 * declared doors (the catalogue, campaigns) is routed to staff alone, who are offered everything.
 */
export function offeredRowActions(
  kinds: readonly RecordActionKind[],
  doors: RecordDoors | undefined,
  mayPass: (access: Access) => boolean,
): Array<RecordActionKind | 'view'> {
  // A resource without doors is the staff's alone: its pages are closed to anyone else.
  if (!doors) return [...kinds];
  return kinds.flatMap((kind) => {
    if (kind === 'edit') {
      if (mayPass(doors.update)) return ['edit' as const];
      return mayPass(doors.read) ? ['view' as const] : [];
    }
    return mayPass(doors.states) ? [kind] : [];
  });
}
