import { type AuditEvent, isAuditRecordType } from '@scentia/shared/audit.schemas';
import {
  type AuditHistoryEvent,
  type AuditReferenceKind,
  referencedRecordType,
  referenceKey,
} from '@scentia/shared/audit-fields';
import type { AuditNamesRepository } from './audit-names.repository.ts';

const MAX_ID = 2_147_483_647;

/** A stored value that can be a row's id (the trail keeps what the row held: a number, or its text). */
function idOf(value: unknown): number | undefined {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/**
 * The ids each event refers to, by kind of record: the columns `AUDIT_REFERENCES` names, before and
 * after, and with `isOwnRecordNamed` the event's own record (named even when the event did not change
 * its name: "Campanha Verão", not "Campanha #2"; a record's History needs no name of its own record).
 */
function referencedIds(
  events: readonly AuditEvent[],
  isOwnRecordNamed: boolean,
): Map<AuditReferenceKind, Set<number>> {
  const ids = new Map<AuditReferenceKind, Set<number>>();
  for (const event of isOwnRecordNamed ? events : []) {
    const id = idOf(event.record.id);
    if (id === undefined || !isAuditRecordType(event.record.type)) continue;
    const set = ids.get(event.record.type) ?? new Set<number>();
    set.add(id);
    ids.set(event.record.type, set);
  }
  for (const change of events.flatMap((event) => event.changes)) {
    for (const field of change.fields) {
      const recordType = referencedRecordType(change.table, field.field);
      if (!recordType) continue;
      for (const id of [idOf(field.before), idOf(field.after)]) {
        if (id === undefined) continue;
        const set = ids.get(recordType) ?? new Set<number>();
        set.add(id);
        ids.set(recordType, set);
      }
    }
  }
  return ids;
}

/**
 * The events with the current names of their records and of those their changes refer to
 * (`fragrance:46` → "Lavanda"),
 * so the history reads "Fragrance: Lavanda" rather than a number. A record removed for good is named as
 * the trail last recorded it; one it never named (a quiz's answer text) is left out.
 */
export async function withReferenceNames(
  events: AuditEvent[],
  repository: AuditNamesRepository,
  isOwnRecordNamed = false,
): Promise<AuditHistoryEvent[]> {
  const names = new Map<string, string>();
  for (const [recordType, ids] of referencedIds(events, isOwnRecordNamed)) {
    for (const [id, name] of await repository.names(recordType, [...ids])) {
      names.set(referenceKey(recordType, id), name);
    }
  }
  return events.map((event) => {
    const own: Record<string, string> = {};
    for (const [recordType, ids] of referencedIds([event], isOwnRecordNamed)) {
      for (const id of ids) {
        const key = referenceKey(recordType, id);
        const name = names.get(key);
        if (name !== undefined) own[key] = name;
      }
    }
    return { ...event, names: own };
  });
}
