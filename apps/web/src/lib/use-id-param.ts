import { useParams } from 'react-router';
import { ID_PARAM } from './paths.ts';

/**
 * The record id of an update page's path: a whole number of at most 10 digits, or 0 for anything
 * else, which the page shows as not found without asking the server.
 */
export function parseIdParam(value: string | undefined): number {
  return /^\d{1,10}$/.test(value ?? '') ? Number(value) : 0;
}

/** The `:id` of the current update page (see `parseIdParam`). */
export function useIdParam(): number {
  return parseIdParam(useParams()[ID_PARAM]);
}
