import { ErrorCode } from './error-codes.ts';

/**
 * An initiative's status as the API writes it. The spec names them in Portuguese (the dashboard's
 * chart answers those names: `INITIATIVE_STATUS_NAMES` in initiatives.schemas.ts); the code and the
 * database use these codes.
 */
export const INITIATIVE_STATUSES = [
  'inReview',
  'approved',
  'changesRequested',
  'rejected',
  'inactive',
] as const;
export type InitiativeStatus = (typeof INITIATIVE_STATUSES)[number];

/** The longest initiative, in days (both ends included): a season, at most a year. */
export const INITIATIVE_MAX_DAYS = 366;

/** What may be done to an initiative; each review action moves it to one status. */
export type InitiativeAction = 'edit' | 'approve' | 'requestChanges' | 'reject' | 'deactivate' | 'reopen';

const INITIATIVE_ACTIONS: readonly InitiativeAction[] = [
  'edit',
  'approve',
  'requestChanges',
  'reject',
  'deactivate',
  'reopen',
];

/** The status each review action leads to; `edit` leads to review again (or stays there). */
export const INITIATIVE_ACTION_TARGETS = {
  edit: 'inReview',
  approve: 'approved',
  requestChanges: 'changesRequested',
  reject: 'rejected',
  deactivate: 'inactive',
  reopen: 'inReview',
} as const satisfies Record<InitiativeAction, InitiativeStatus>;

/**
 * The transitions allowed, and no others (issue 27): a review decides an initiative in review;
 * editing one whose changes were requested sends it back to review; an admin may set any other
 * status inactive, and reopen an inactive one into review.
 */
const ALLOWED: Record<InitiativeStatus, readonly InitiativeStatus[]> = {
  inReview: ['approved', 'changesRequested', 'rejected', 'inactive'],
  changesRequested: ['inReview', 'inactive'],
  approved: ['inactive'],
  rejected: ['inactive'],
  inactive: ['inReview'],
};

export function isAllowedTransition(from: InitiativeStatus, to: InitiativeStatus): boolean {
  return ALLOWED[from].includes(to);
}

/**
 * Why `action` is refused on an initiative in `status`, or undefined when it is allowed (409 on the
 * API; the screens hide what would be refused). Editing is allowed in review (the status stays) and
 * when changes were requested (it goes back to review); the review actions follow the transitions.
 */
export function initiativeActionRefusal(
  status: InitiativeStatus,
  action: InitiativeAction,
): ErrorCode | undefined {
  if (action === 'edit') {
    return status === 'inReview' || status === 'changesRequested'
      ? undefined
      : ErrorCode.INITIATIVE_NOT_EDITABLE;
  }
  // Reopening is the way out of inactive only (a request for changes is answered by an edit).
  if (action === 'reopen' && status !== 'inactive') return ErrorCode.INITIATIVE_TRANSITION_REFUSED;
  return isAllowedTransition(status, INITIATIVE_ACTION_TARGETS[action])
    ? undefined
    : ErrorCode.INITIATIVE_TRANSITION_REFUSED;
}

/** The actions an initiative in `status` offers, in the order they are shown. */
export function initiativeActions(status: InitiativeStatus): InitiativeAction[] {
  return INITIATIVE_ACTIONS.filter((action) => initiativeActionRefusal(status, action) === undefined);
}

const DAY_MS = 86_400_000;

/**
 * The dates' rule, as a field message key: both days are included, so a one-day activation starts
 * and ends on the same day; the end before the start is `periodReversed`, and longer than
 * `INITIATIVE_MAX_DAYS` is `periodTooLong`. Dates are `YYYY-MM-DD` (read in each location's zone).
 */
export function initiativeDatesRefusal(
  startsOn: string,
  endsOn: string,
): 'periodReversed' | 'periodTooLong' | undefined {
  const days = (Date.parse(endsOn) - Date.parse(startsOn)) / DAY_MS;
  if (Number.isNaN(days)) return undefined;
  if (days < 0) return 'periodReversed';
  return days + 1 > INITIATIVE_MAX_DAYS ? 'periodTooLong' : undefined;
}

/** Whether two periods of whole days (both ends included, `YYYY-MM-DD`) share at least one day. */
export function periodsOverlap(
  a: { startsOn: string; endsOn: string },
  b: { startsOn: string; endsOn: string },
): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}
