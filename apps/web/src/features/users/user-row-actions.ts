import { isAdminProfile } from '@scentia/shared/validators';

export type UserRowActionKind = 'resend' | 'delete' | 'toggle' | 'edit';

export type Viewer = { id: number; profile: { nome: string } };
export type UserRowState = { id: number; confirmedAt: string | null };

/**
 * The actions a row offers (spec §4 "User row actions"), in the order they are shown. The server
 * enforces the same rules (403/409); the list only hides what would be refused.
 * - ADMIN (case-insensitive), confirmed user: toggle and edit — no toggle on their own row, which
 *   the server refuses (SELF_DEACTIVATION).
 * - ADMIN, unconfirmed user: resend, delete and edit.
 * - Anyone else: resend for unconfirmed users (a confirmed one answers ALREADY_CONFIRMED), and edit
 *   on their own row only.
 */
export function userRowActions(viewer: Viewer, row: UserRowState): UserRowActionKind[] {
  const isConfirmed = row.confirmedAt !== null;
  const isOwnRow = viewer.id === row.id;
  if (isAdminProfile(viewer.profile.nome)) {
    if (isConfirmed) return isOwnRow ? ['edit'] : ['toggle', 'edit'];
    return ['resend', 'delete', 'edit'];
  }
  const actions: UserRowActionKind[] = [];
  if (!isConfirmed) actions.push('resend');
  if (isOwnRow) actions.push('edit');
  return actions;
}
