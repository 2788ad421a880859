import { BULK_ACTIONS, type BulkAction } from '@scentia/shared/record-bulk.schemas';

/**
 * The API's composed audit actions: a bulk action records `bulk<Action><RecordType>`
 * (`bulkDeactivateOrganization`, lib/resource-kit/bulk-actions.ts in the API) and an import
 * `import<RecordType>` (`importLocation`). They are read from the verb and the event's record type, so
 * a new resource or bulk action needs no text of its own.
 */

/** What a row's bulk action did, in the words of the single actions (`audit` namespace `actions.<kind>`). */
const BULK_ACTION_KINDS = {
  activate: 'activated',
  deactivate: 'deactivated',
  delete: 'deleted',
  move: 'moved',
  resendConfirmation: 'mailResent',
} as const satisfies Record<BulkAction, string>;

type ComposedAction =
  | { origin: 'bulk'; kind: (typeof BULK_ACTION_KINDS)[BulkAction] }
  | { origin: 'import'; kind: 'created' | 'updated' };

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isBulkAction = (verb: string): verb is BulkAction => (BULK_ACTIONS as readonly string[]).includes(verb);

/**
 * The bulk action or import an event's action names for its own record type; `isCreation` tells an
 * import's new record from an updated one. Undefined for any other action.
 */
export function composedAction(
  action: string,
  recordType: string,
  isCreation: boolean,
): ComposedAction | undefined {
  const type = pascal(recordType);
  if (action === `import${type}`) return { origin: 'import', kind: isCreation ? 'created' : 'updated' };
  if (!action.startsWith('bulk') || !action.endsWith(type)) return undefined;
  const verb = action.slice('bulk'.length, action.length - type.length);
  const camel = verb.charAt(0).toLowerCase() + verb.slice(1);
  return verb && isBulkAction(camel) ? { origin: 'bulk', kind: BULK_ACTION_KINDS[camel] } : undefined;
}
