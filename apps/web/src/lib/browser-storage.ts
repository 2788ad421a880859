import type { z } from 'zod';

/**
 * Typed access to localStorage. Values are JSON and validated on the way out, so a hand-edited
 * or outdated entry is treated as absent instead of crashing a screen. Writes notify same-tab
 * subscribers (the native `storage` event only fires in other tabs).
 */

export const STORAGE_KEYS = {
  auth: 'auth',
  language: 'language',
  lastLocation: 'lastLocation',
  tablePagination: 'tablePagination',
  dashboardFilters: 'dashboardFilters',
  /** The initiatives calendar: its view, `dateInitial`, filter and list page (spec §3). */
  initiativesCalendar: 'initiativesCalendar',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

function backend(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Access can throw when storage is disabled by the browser's privacy settings.
    return undefined;
  }
}

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

export function readRaw(key: StorageKey): string | null {
  try {
    return backend()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeRaw(key: StorageKey, value: string): void {
  try {
    backend()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the app keeps working for this page view.
  }
  notify(key);
}

export function readJson<T>(key: StorageKey, schema: z.ZodType<T>): T | undefined {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeRaw(key, JSON.stringify(value));
}

export function removeItem(key: StorageKey): void {
  try {
    backend()?.removeItem(key);
  } catch {
    // Nothing to clean when storage is unavailable.
  }
  notify(key);
}

export function subscribe(key: StorageKey, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    set.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
