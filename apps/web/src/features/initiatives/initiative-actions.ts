import type { InitiativeStatus } from '@scentia/shared/initiatives.rules';
import { type InitiativeAction, initiativeActions } from '@scentia/shared/initiatives.rules';

/** The review actions (every action but `edit`): the API answers them to admins only. */
const ADMIN_ACTIONS: readonly InitiativeAction[] = [
  'approve',
  'requestChanges',
  'reject',
  'deactivate',
  'reopen',
];

/**
 * What the viewer is offered on an initiative in `status`: what the shared rule allows there, less
 * the review actions when the viewer is no admin (the server refuses them anyway). `edit` stands for
 * the record page, which every staff member may open; whether its form is editable is the rule's.
 */
export function initiativeViewerActions(status: InitiativeStatus, isAdmin: boolean): InitiativeAction[] {
  return initiativeActions(status).filter((action) => isAdmin || !ADMIN_ACTIONS.includes(action));
}

/** Why the record page shows the form read-only, as a message key of the `initiatives` namespace. */
export function initiativeReadOnlyReason(status: InitiativeStatus): string | undefined {
  switch (status) {
    case 'approved':
      return 'readOnly.approved';
    case 'rejected':
      return 'readOnly.rejected';
    case 'inactive':
      return 'readOnly.inactive';
    default:
      return undefined;
  }
}
