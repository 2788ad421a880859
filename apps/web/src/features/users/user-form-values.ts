import { normalizeTaxId } from '@scentia/shared/br-documents';
import type { UserBodyInput, UserRow } from '@scentia/shared/users.schemas';
import dayjs, { type Dayjs } from 'dayjs';
import { type AddressFormValues, optionalAddress } from '../../components/address-block/address-values.ts';
import { optionalText, requiredText, textToForm } from '../../components/resource-form/form-values.ts';
import { maskTaxId } from '../../lib/input-masks.ts';
import type { FieldPath } from '../../lib/server-field-errors.ts';

export type Genre = 'M' | 'F' | 'O';

/** The user form as antd holds it: texts as typed (masked), the birthday as a dayjs date. */
export type UserFormValues = {
  nome: string;
  email: string;
  profile: string | null;
  cpf: string;
  document: string;
  birthday: Dayjs | null;
  genre: Genre | null;
  address: AddressFormValues;
};

/** A person's address is optional (its block: `<AddressBlock {...USER_ADDRESS.block} />`). */
export const USER_ADDRESS = optionalAddress();

/** Every field of the form, for placing the server's field errors. */
export const USER_FORM_FIELDS: readonly FieldPath[] = [
  ['nome'],
  ['email'],
  ['profile'],
  ['cpf'],
  ['document'],
  ['birthday'],
  ['genre'],
  ...USER_ADDRESS.fieldPaths,
];

export function emptyUserForm(profile: string | null): UserFormValues {
  return {
    nome: '',
    email: '',
    profile,
    cpf: '',
    document: '',
    birthday: null,
    genre: null,
    address: USER_ADDRESS.empty(),
  };
}

/** A loaded user as the form shows it (CPF/CNPJ and CEP with their masks for Brazil). */
export function userToForm(user: UserRow): UserFormValues {
  return {
    nome: user.nome,
    email: user.email,
    profile: user.profile.nome,
    cpf: user.cpf ? maskTaxId(user.cpf) : '',
    document: textToForm(user.document),
    birthday: user.birthday ? dayjs(user.birthday.slice(0, 10)) : null,
    genre: user.genre,
    address: USER_ADDRESS.toForm(user.address),
  };
}

const textOrNull = (value: string | null | undefined) => optionalText(value);

/**
 * The body of POST/PUT /usuario (spec §7): the CPF/CNPJ without punctuation, the birthday as
 * YYYY-MM-DD, no address without a country. A CPF is sent whatever the country: dropping it when the
 * address leaves Brazil would erase it unasked, so the shared rule (Brazil only) refuses it instead
 * and the person clears it on purpose.
 */
export function formToBody(values: UserFormValues, ativo?: boolean): UserBodyInput {
  return {
    nome: requiredText(values.nome),
    email: requiredText(values.email),
    profile: values.profile ?? '',
    cpf: normalizeTaxId(values.cpf ?? '') || null,
    // Kept as loaded when hidden (Brazil shows the CPF/CNPJ instead), so an edit never erases it.
    document: textOrNull(values.document),
    ...(ativo === undefined ? {} : { ativo }),
    birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
    genre: values.genre ?? null,
    address: USER_ADDRESS.toBody(values.address),
  };
}
