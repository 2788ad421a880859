import type { OrganizationRow } from '@scentia/shared/organizations.schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/resource-form/form-layout.tsx';
import { KitSections } from '../../../components/resource-form/kit-sections.tsx';
import {
  formKit,
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { addressGeo } from '../../geo/api/address-geo.ts';
import { ORGANIZATION_FORM, type OrganizationFormValues } from '../organization-form-values.ts';

/**
 * The organisation form (issue 23): the company (name, legal name, CNPJ masked and checked as typed,
 * numeric or alphanumeric), its contact person, its address and a note, each field checked by the
 * shared body schema the API validates with. The kit lays out the shared fields; the legal name and
 * the contact's name are its own, and its contact section is a person's.
 */
export function OrganizationForm(props: ResourceFormComponentProps<OrganizationFormValues, OrganizationRow>) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<OrganizationFormValues>();
  const { rule } = formKit(props);

  return (
    <ResourceForm<OrganizationFormValues> {...props} form={form}>
      <KitSections
        form={ORGANIZATION_FORM}
        rule={rule}
        geo={addressGeo}
        fields={{ name: { extra: t('nameHint') }, contactEmail: { label: t('fields.contactEmail') } }}
        legends={{ contact: t('sections.contact') }}
        after={{
          name: (
            <Field name="legalName" label={t('fields.legalName')} rules={[rule('legalName', true)]}>
              <Input maxLength={200} autoComplete="organization" />
            </Field>
          ),
        }}
        before={{
          contactEmail: (
            <Field name="contactName" label={t('fields.contactName')} rules={[rule('contactName')]}>
              <Input maxLength={100} autoComplete="off" />
            </Field>
          ),
        }}
      />
    </ResourceForm>
  );
}
