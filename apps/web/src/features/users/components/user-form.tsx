import { MINIMUM_AGE_YEARS } from '@scentia/shared/constants';
import { GENRES, userBodySchema } from '@scentia/shared/users.schemas';
import { Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AddressBlock } from '../../../components/address-block/address-block.tsx';
import { BRAZIL } from '../../../components/address-block/address-values.ts';
import { DateField } from '../../../components/resource-form/date-field.tsx';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import { EmailField } from '../../../components/resource-form/kit-fields.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { maskTaxId } from '../../../lib/input-masks.ts';
import { PATHS } from '../../../lib/paths.ts';
import { addressGeo } from '../../geo/api/address-geo.ts';
import type { ProfileOption } from '../../profiles/api/list-profile-options.ts';
import { formToBody, USER_ADDRESS, USER_FORM_FIELDS, type UserFormValues } from '../user-form-values.ts';
import './user-form.css';

type UserFormProps = ResourceFormComponentProps<UserFormValues> & { profiles: ProfileOption[] };

const COUNTRY: ['address', 'country'] = ['address', 'country'];
// A server error with one of these codes belongs under that field as well.
const CODE_FIELDS = {
  PROFILE_NOT_FOUND: ['profile'],
  PROFILE_NOT_ALLOWED: ['profile'],
};

/**
 * The user form (spec §2 "User form", §5 "User"): every field is checked by the shared body schema
 * the API validates with, so the CPF/CNPJ and the CEP format count only for Brazil.
 */
export function UserForm({ profiles, ...props }: UserFormProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<UserFormValues>();
  const country = Form.useWatch(COUNTRY, form);
  const isBrazil = country === BRAZIL;
  // A CPF stays on screen after the country leaves Brazil, under the shared rule's refusal, until it is
  // cleared: the form never drops it unasked (spec §5 User keeps it for Brazil only).
  const hasCpf = Boolean(Form.useWatch('cpf', { form, preserve: true }));
  const isProfileLocked = profiles.length === 1;
  const rule = useSchemaRule(userBodySchema, formToBody);
  const latestBirthday = dayjs().subtract(MINIMUM_AGE_YEARS, 'year').endOf('day');

  return (
    <ResourceForm<UserFormValues>
      {...props}
      form={form}
      listPath={PATHS.admin.users.list}
      fieldPaths={USER_FORM_FIELDS}
      codeFields={CODE_FIELDS}
    >
      <FormSection legend={t('sections.identity')}>
        <Field name="nome" label={t('fields.name')} rules={[rule(['nome'], true)]}>
          <Input maxLength={200} autoComplete="name" />
        </Field>
        <EmailField name="email" label={t('fields.email')} rule={rule} isRequired autoComplete="email" />
        <Field
          name="profile"
          label={t('fields.profile')}
          rules={[{ required: true, message: t('common:validation.required') }]}
          extra={isProfileLocked ? t('profileLocked') : undefined}
        >
          <Select
            disabled={isProfileLocked}
            placeholder={t('profilePlaceholder')}
            options={profiles.map((profile) => ({ value: profile.nome, label: profile.nome }))}
          />
        </Field>
        {(isBrazil || hasCpf) && (
          <Field
            name="cpf"
            label={t('fields.cpf')}
            dependencies={[COUNTRY]}
            normalize={(value: string) => maskTaxId(value ?? '')}
            rules={[rule(['cpf'])]}
            extra={t('cpfHint')}
          >
            <Input maxLength={18} placeholder="000.000.000-00" />
          </Field>
        )}
        {!isBrazil && (
          <Field name="document" label={t('fields.document')} rules={[rule(['document'])]}>
            <Input maxLength={14} />
          </Field>
        )}
        <Field name="birthday" label={t('fields.birthday')} rules={[rule(['birthday'])]}>
          <DateField
            className="form-date"
            placeholder={t('birthdayPlaceholder')}
            // No disabled days: the picker would silently refuse a typed one and keep the old
            // value. Every day is taken, and the shared rule names the minimum age under the field.
            defaultPickerValue={latestBirthday}
          />
        </Field>
        <Field name="genre" label={t('fields.genre')} rules={[rule(['genre'])]}>
          <Select
            allowClear
            placeholder={t('genrePlaceholder')}
            options={GENRES.map((genre) => ({ value: genre, label: t(`genres.${genre}`) }))}
          />
        </Field>
      </FormSection>
      <AddressBlock geo={addressGeo} {...USER_ADDRESS.block} />
    </ResourceForm>
  );
}
