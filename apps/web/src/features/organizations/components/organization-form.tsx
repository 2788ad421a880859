import type { OrganizationRow } from '@scentia/shared/organizations.schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddressBlock } from '../../../components/address-block/address-block.tsx';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import {
  CnpjField,
  EmailField,
  NameField,
  NotesField,
  PhoneField,
} from '../../../components/resource-form/kit-fields.tsx';
import {
  formKit,
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { addressGeo } from '../../geo/api/address-geo.ts';
import { ORGANIZATION_ADDRESS, type OrganizationFormValues } from '../organization-form-values.ts';

/**
 * The organisation form (issue 23): the company (name, legal name, CNPJ masked and checked as typed,
 * numeric or alphanumeric), its contact person, its address and a note, each field checked by the
 * shared body schema the API validates with.
 */
export function OrganizationForm(props: ResourceFormComponentProps<OrganizationFormValues, OrganizationRow>) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<OrganizationFormValues>();
  const { rule } = formKit(props);

  return (
    <ResourceForm<OrganizationFormValues> {...props} form={form}>
      <FormSection legend={t('sections.company')}>
        <NameField name="name" label={t('fields.name')} rule={rule} extra={t('nameHint')} />
        <Field name="legalName" label={t('fields.legalName')} rules={[rule('legalName', true)]}>
          <Input maxLength={200} autoComplete="organization" />
        </Field>
        <CnpjField name="cnpj" label={t('fields.cnpj')} rule={rule} />
      </FormSection>
      <FormSection legend={t('sections.contact')}>
        <Field name="contactName" label={t('fields.contactName')} rules={[rule('contactName')]}>
          <Input maxLength={100} autoComplete="off" />
        </Field>
        <EmailField name="contactEmail" label={t('fields.contactEmail')} rule={rule} />
        <PhoneField name="phone" label={t('fields.phone')} rule={rule} />
      </FormSection>
      <AddressBlock geo={addressGeo} {...ORGANIZATION_ADDRESS.block} />
      <FormSection>
        <NotesField name="note" label={t('fields.note')} rule={rule} />
      </FormSection>
    </ResourceForm>
  );
}
