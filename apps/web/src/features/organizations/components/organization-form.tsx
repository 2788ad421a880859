import { type OrganizationRow, organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddressBlock } from '../../../components/address-block/address-block.tsx';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { maskBrazilianPhone, maskCnpj } from '../../../lib/input-masks.ts';
import { PATHS } from '../../../lib/paths.ts';
import { addressGeo } from '../../geo/api/address-geo.ts';
import {
  ORGANIZATION_FORM_FIELDS,
  type OrganizationFormValues,
  organizationFormToBody,
} from '../organization-form-values.ts';

// A server error with one of these codes belongs under that field as well.
const CODE_FIELDS = { NAME_TAKEN: ['name'], CNPJ_TAKEN: ['cnpj'] };
const REQUIRED_ADDRESS = ['country'] as const;

/**
 * The organisation form (issue 23): the company (name, legal name, CNPJ masked and checked as typed,
 * numeric or alphanumeric), its contact person, its address and a note, each field checked by the
 * shared body schema the API validates with.
 */
export function OrganizationForm(props: ResourceFormComponentProps<OrganizationFormValues, OrganizationRow>) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<OrganizationFormValues>();
  const rule = useSchemaRule(organizationBodySchema, organizationFormToBody);

  return (
    <ResourceForm<OrganizationFormValues>
      {...props}
      form={form}
      listPath={PATHS.admin.organizations.list}
      fieldPaths={ORGANIZATION_FORM_FIELDS}
      codeFields={CODE_FIELDS}
    >
      <FormSection legend={t('sections.company')}>
        <Field name="name" label={t('fields.name')} rules={[rule('name', true)]} extra={t('nameHint')}>
          <Input maxLength={100} autoComplete="off" />
        </Field>
        <Field name="legalName" label={t('fields.legalName')} rules={[rule('legalName', true)]}>
          <Input maxLength={200} autoComplete="organization" />
        </Field>
        <Field
          name="cnpj"
          label={t('fields.cnpj')}
          normalize={(value: string) => maskCnpj(value ?? '')}
          rules={[rule('cnpj', true)]}
          extra={t('cnpjHint')}
        >
          <Input maxLength={18} placeholder="00.000.000/0000-00" autoComplete="off" />
        </Field>
      </FormSection>
      <FormSection legend={t('sections.contact')}>
        <Field name="contactName" label={t('fields.contactName')} rules={[rule('contactName')]}>
          <Input maxLength={100} autoComplete="off" />
        </Field>
        <Field name="contactEmail" label={t('fields.contactEmail')} rules={[rule('contactEmail')]}>
          <Input type="email" maxLength={200} autoComplete="off" />
        </Field>
        <Field
          name="phone"
          label={t('fields.phone')}
          normalize={(value: string) => maskBrazilianPhone(value ?? '')}
          rules={[rule('phone')]}
          extra={t('phoneHint')}
        >
          <Input type="tel" inputMode="tel" maxLength={15} placeholder="(11) 91234-5678" autoComplete="off" />
        </Field>
      </FormSection>
      <AddressBlock geo={addressGeo} required={REQUIRED_ADDRESS} />
      <FormSection>
        <Field isWide name="note" label={t('fields.note')} rules={[rule('note')]}>
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Field>
      </FormSection>
    </ResourceForm>
  );
}
