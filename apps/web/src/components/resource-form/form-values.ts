import { formatCnpj } from '@scentia/shared/br-documents';
import { maskBrazilianPhone } from '../../lib/input-masks.ts';

/*
 * The conversions every form-values file makes of the kit's fields, between a row (as the API answers
 * it) and the form's values (as antd holds them) and back to the body: one name each.
 */

/** A text as the form holds it: an absent one (null) is empty. */
export const textToForm = (value: string | null | undefined): string => value ?? '';

/** A stored CNPJ (its 14 characters) with its mask; none (an optional CNPJ) is empty. */
export const cnpjToForm = (cnpj: string | null | undefined): string => (cnpj ? formatCnpj(cnpj) : '');

/** A stored phone (digits) with its mask; none is empty. */
export const phoneToForm = (phone: string | null | undefined): string =>
  phone ? maskBrazilianPhone(phone) : '';

/** A required text for the body: trimmed (the shared schema refuses it empty). */
export const requiredText = (value: string | null | undefined): string => value?.trim() ?? '';

/** An optional text for the body: trimmed, and null when blank. */
export const optionalText = (value: string | null | undefined): string | null => value?.trim() || null;
