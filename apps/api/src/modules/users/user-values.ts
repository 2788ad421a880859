import { cepDigits, normalizeTaxId } from '@scentia/shared/br-documents';
import type { UserBody } from '@scentia/shared/users.schemas';
import type { UserValues } from './users.repository.ts';

/** A user's columns from the form's body (also what the import compares with a stored user). */
export function userValuesOf(body: UserBody, profileId: number): UserValues {
  const address = body.address;
  const isBrazil = address?.country === 'BR';
  return {
    name: body.nome,
    email: body.email,
    // Tax ids are kept without punctuation (and only for Brazil, where they are validated).
    cpf: isBrazil && body.cpf ? normalizeTaxId(body.cpf) : null,
    document: body.document,
    genre: body.genre,
    birthday: body.birthday,
    profileId,
    country: address?.country ?? null,
    zipcode: address?.zipcode ? (isBrazil ? cepDigits(address.zipcode) : address.zipcode) : null,
    street: address?.street ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
  };
}
