import { isStorableYear } from '@scentia/shared/dates.schemas';
import {
  MAX_BATCH_SEQUENCE,
  MAX_SHOT_ENTRIES,
  MAX_SHOTS_PER_ENTRY,
  type ShotBatchBody,
} from '@scentia/shared/device-api.schemas';
import { DEVICE_SLOTS } from '@scentia/shared/devices.schemas';
import { handCheckedValidatorCompiler, hasOnly, isRecord, isWithin } from './plain-body.ts';

// The shot batch's body as zod takes it (shotBatchBodySchema), checked by hand for the common case:
// each entry's time in UTC as a device's clock writes it (`2026-11-24T15:04:05Z`, up to milliseconds).
// What this accepts, zod accepts with the same value (a property test holds it); anything else — an
// offset, a day that does not exist, every refusal — goes to zod (plain-body.ts). zod's ISO check and
// its Date round trip of each entry were the largest JavaScript step of a batch of 10.

const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const BODY_KEYS = new Set(['sequence', 'shots']);
const ENTRY_KEYS = new Set(['at', 'slot', 'count']);

type Entry = ShotBatchBody['shots'][number];

/** The instant as the API writes it, when `at` names one that exists the way a device writes it. */
function instantOf(at: unknown): string | undefined {
  if (typeof at !== 'string' || !UTC_INSTANT.test(at)) return undefined;
  const time = Date.parse(at);
  if (Number.isNaN(time)) return undefined;
  const written = new Date(time).toISOString();
  // A day or an hour that does not exist comes back as another one (2027-02-30 as 2027-03-02); the
  // year is zod's rule on the instant written (dateTimeSchema).
  return written.slice(0, 19) === at.slice(0, 19) && isStorableYear(written) ? written : undefined;
}

function entryOf(value: unknown): Entry | undefined {
  if (!isRecord(value) || !hasOnly(value, ENTRY_KEYS)) return undefined;
  const { slot, count } = value;
  if (!isWithin(slot, 1, DEVICE_SLOTS) || !isWithin(count, 1, MAX_SHOTS_PER_ENTRY)) return undefined;
  const at = instantOf(value.at);
  return at === undefined ? undefined : { at, slot, count };
}

/** The body, when it is a valid batch of the common shape; otherwise undefined (zod decides). */
export function plainShotBatchBody(data: unknown): ShotBatchBody | undefined {
  if (!isRecord(data) || !hasOnly(data, BODY_KEYS)) return undefined;
  const { sequence, shots } = data;
  if (!isWithin(sequence, 0, MAX_BATCH_SEQUENCE)) return undefined;
  if (!Array.isArray(shots) || shots.length < 1 || shots.length > MAX_SHOT_ENTRIES) return undefined;
  const checked: Entry[] = [];
  for (const item of shots) {
    const entry = entryOf(item);
    if (!entry) return undefined;
    checked.push(entry);
  }
  return { sequence, shots: checked };
}

/** The route's validator: the hand check first, zod for anything it does not take. */
export const shotBatchValidatorCompiler = handCheckedValidatorCompiler(plainShotBatchBody);
