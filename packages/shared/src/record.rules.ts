import { ErrorCode } from './error-codes.ts';

/** What a list row and a record's page offer: activate or deactivate, delete for good, edit. */
export type RecordAction = 'toggle' | 'delete' | 'edit';

const RECORD_ACTIONS: readonly RecordAction[] = ['toggle', 'delete', 'edit'];

export type RecordState = { isActive: boolean };

/** Why `action` is refused, or undefined when it is allowed: the API answers this code (409). */
export type ActionRefusal<State, Action extends string = RecordAction> = (
  state: State,
  action: Action,
) => ErrorCode | undefined;

/** The kit's state rule: edit only while active; toggle always; delete for good only once inactive. */
function stateRefusal({ isActive }: RecordState, action: RecordAction): ErrorCode | undefined {
  if (action === 'edit') return isActive ? undefined : ErrorCode.RECORD_INACTIVE;
  if (action === 'delete') return isActive ? ErrorCode.RECORD_ACTIVE : undefined;
  return undefined;
}

/**
 * A resource's row rule: the kit's state rule (edit while active, delete for good once inactive),
 * then `holds`, the resource's own refusals (what keeps it active or its row), asked only where the
 * kit's allows. It answers the refusal, which the API throws and the web hides its actions by, and the
 * actions a row offers, in the order they are shown. A resource nothing holds names `recordRule()`'s
 * own (`recordActionRefusal`, `recordRowActions`).
 */
export function recordRule<State extends RecordState>(holds?: ActionRefusal<State>) {
  const refusal: ActionRefusal<State> = (state, action) =>
    stateRefusal(state, action) ?? holds?.(state, action);
  return {
    refusal,
    rowActions: (state: State): RecordAction[] =>
      RECORD_ACTIONS.filter((action) => refusal(state, action) === undefined),
  };
}

/**
 * What other records' holds refuse, with `code` (the repository's `writes` rules, as the web shows
 * them): deactivating while `keepsActive` (an organisation with active locations), deleting for good
 * while `keepsRow` (with any): `recordRule(heldBy(code, { keepsActive, keepsRow }))`.
 */
export function heldBy<State extends RecordState>(
  code: ErrorCode,
  holds: { keepsActive: (state: State) => boolean; keepsRow: (state: State) => boolean },
): ActionRefusal<State> {
  return (state, action) => {
    if (action === 'toggle') return state.isActive && holds.keepsActive(state) ? code : undefined;
    if (action === 'delete') return holds.keepsRow(state) ? code : undefined;
    return undefined;
  };
}

const kitRule = recordRule<RecordState>();

/** The kit's rule alone, for a resource nothing holds. */
export const recordActionRefusal = kitRule.refusal;
export const recordRowActions = kitRule.rowActions;
