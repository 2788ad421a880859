import type { OrganizationBodyInput, OrganizationRow } from '@scentia/shared/organizations.schemas';
import { type AddressFormValues, requiredAddress } from '../../components/address-block/address-values.ts';
import {
  cnpjToForm,
  optionalText,
  phoneToForm,
  requiredText,
  textToForm,
} from '../../components/resource-form/form-values.ts';

/** The organisation form as antd holds it: texts as typed (CNPJ and phone masked). */
export type OrganizationFormValues = {
  name: string;
  legalName: string;
  cnpj: string;
  contactName: string;
  contactEmail: string;
  phone: string;
  address: AddressFormValues;
  note: string;
};

/** An organisation's address is required (its block: `<AddressBlock {...ORGANIZATION_ADDRESS.block} />`). */
export const ORGANIZATION_ADDRESS = requiredAddress();

/** A new organisation: a client company, in Brazil unless another country is chosen. */
export function emptyOrganizationForm(): OrganizationFormValues {
  return {
    name: '',
    legalName: '',
    cnpj: '',
    contactName: '',
    contactEmail: '',
    phone: '',
    address: ORGANIZATION_ADDRESS.empty(),
    note: '',
  };
}

/** A loaded organisation as the form shows it (CNPJ, phone and CEP with their masks). */
export function organizationToForm(organization: OrganizationRow): OrganizationFormValues {
  return {
    name: organization.name,
    legalName: organization.legalName,
    cnpj: cnpjToForm(organization.cnpj),
    contactName: textToForm(organization.contactName),
    contactEmail: textToForm(organization.contactEmail),
    phone: phoneToForm(organization.phone),
    address: ORGANIZATION_ADDRESS.toForm(organization.address),
    note: textToForm(organization.note),
  };
}

/**
 * The body of POST/PUT /organizations: texts trimmed, CNPJ and phone as typed (the shared schema
 * drops their masks), blank optional texts as null.
 */
export function organizationFormToBody(
  values: OrganizationFormValues,
  opened?: OrganizationRow,
): OrganizationBodyInput {
  return {
    name: requiredText(values.name),
    legalName: requiredText(values.legalName),
    cnpj: requiredText(values.cnpj),
    contactName: optionalText(values.contactName),
    contactEmail: optionalText(values.contactEmail),
    phone: optionalText(values.phone),
    address: ORGANIZATION_ADDRESS.toBody(values.address),
    note: optionalText(values.note),
    // The version the edit was opened with: a save over a newer one is refused (409 STALE_RECORD).
    ...(opened ? { updatedAt: opened.updatedAt } : {}),
  };
}
