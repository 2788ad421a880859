/**
 * Whether a form holds changes the user would lose by leaving. Values are compared by content:
 * empty text, null and undefined are all "nothing", and dates (dayjs) compare by their JSON form,
 * so typing a value and deleting it again is not a change. Only the fields in `current` count: the
 * baseline may carry data the form does not show (ids, timestamps).
 */
export function hasChanges(current: unknown, baseline: unknown): boolean {
  return !isSameValue(normalized(current), normalized(baseline), true);
}

function normalized(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (item === '' ? null : item)) ?? 'null');
}

function isSameValue(current: unknown, baseline: unknown, isTop = false): boolean {
  const left = current ?? null;
  const right = baseline ?? null;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') {
    if (isEmptyObject(left) && right === null) return true;
    if (isEmptyObject(right) && left === null) return true;
    return left === right;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => isSameValue(item, right[index]));
  }
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  const keys = isTop
    ? Object.keys(leftRecord)
    : new Set([...Object.keys(leftRecord), ...Object.keys(rightRecord)]);
  for (const key of keys) {
    if (!isSameValue(leftRecord[key], rightRecord[key])) return false;
  }
  return true;
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => item === null || isEmptyObject(item))
  );
}
