import type { OrganizationBodyInput, OrganizationRow } from '@scentia/shared/organizations.schemas';
import { requiredAddress } from '../../components/address-block/address-values.ts';
import {
  cnpjField,
  type FormValuesOf,
  formValues,
  optionalPhoneField,
  optionalTextField,
  requiredTextField,
} from '../../components/resource-form/form-values.ts';

/** An organisation's address is required (its block: `<AddressBlock {...ORGANIZATION_ADDRESS.block} />`). */
export const ORGANIZATION_ADDRESS = requiredAddress();

/**
 * The organisation form's fields by kind: texts trimmed, CNPJ and phone shown with their masks and
 * sent as typed (the shared schema drops them), blank optional texts as null, the address in Brazil.
 */
const ORGANIZATION_FORM = formValues({
  name: requiredTextField,
  legalName: requiredTextField,
  cnpj: cnpjField,
  contactName: optionalTextField,
  contactEmail: optionalTextField,
  phone: optionalPhoneField,
  address: ORGANIZATION_ADDRESS,
  note: optionalTextField,
});

/** The organisation form as antd holds it. */
export type OrganizationFormValues = FormValuesOf<typeof ORGANIZATION_FORM.fields>;

/** A new organisation: a client company, in Brazil unless another country is chosen. */
export const emptyOrganizationForm: () => OrganizationFormValues = ORGANIZATION_FORM.empty;

/** A loaded organisation as the form shows it (CNPJ, phone and CEP with their masks). */
export const organizationToForm: (organization: OrganizationRow) => OrganizationFormValues =
  ORGANIZATION_FORM.toForm;

/** The body of POST/PUT /organizations. */
export const organizationFormToBody: (
  values: OrganizationFormValues,
  opened?: OrganizationRow,
) => OrganizationBodyInput = ORGANIZATION_FORM.toBody;
