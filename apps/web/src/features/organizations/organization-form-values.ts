import {
  ORGANIZATION_KIT_FIELDS,
  type OrganizationBodyInput,
  type OrganizationRow,
} from '@scentia/shared/organizations.schemas';
import {
  type FormValuesOf,
  kitFormValues,
  optionalTextField,
  requiredTextField,
} from '../../components/resource-form/form-values.ts';

/**
 * The organisation form's fields: the shared ones by the kinds the schemas declare (CNPJ and phone
 * shown with their masks, the address in Brazil), and its own: the legal name and the contact's name.
 */
export const ORGANIZATION_FORM = kitFormValues(ORGANIZATION_KIT_FIELDS, {
  legalName: requiredTextField,
  contactName: optionalTextField,
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
