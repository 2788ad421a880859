import { EMAIL_MAX_LENGTH } from '@scentia/shared/constants';
import {
  MASKED_CNPJ_LENGTH,
  MASKED_PHONE_LENGTH,
  NOTE_MAX_LENGTH,
  RECORD_NAME_MAX_LENGTH,
} from '@scentia/shared/record-fields.schemas';
import { Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maskBrazilianPhone, maskCnpj } from '../../lib/input-masks.ts';
import { Field } from './form-layout.tsx';

/**
 * A field every resource with a name, a CNPJ, an e-mail, a phone or a note writes alike, declared once
 * here with its mask, width, autocomplete, input mode and length: a form gives its name, label and
 * its shared body schema's rule maker (`useSchemaRule`), which checks it; `isRequired` as the schema.
 */
type KitFieldProps = {
  name: string;
  label: ReactNode;
  rule: (field: string, isRequired?: boolean) => Rule;
  isRequired?: boolean;
  extra?: ReactNode;
  /** Shown read-only: a field the caller may not change (the server would refuse it). */
  isDisabled?: boolean;
};

/** A record's display name (`recordNameSchema`): browsers suggest nothing. */
export function NameField({ name, label, rule, isRequired = true, extra, isDisabled }: KitFieldProps) {
  return (
    <Field name={name} label={label} rules={[rule(name, isRequired)]} extra={extra}>
      <Input maxLength={RECORD_NAME_MAX_LENGTH} autoComplete="off" disabled={isDisabled} />
    </Field>
  );
}

/** A CNPJ (`cnpjSchema`), masked as typed, numeric or alphanumeric, with the hint of both forms. */
export function CnpjField({ name, label, rule, isRequired = true, extra, isDisabled }: KitFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Field
      name={name}
      label={label}
      normalize={(value: string) => maskCnpj(value ?? '')}
      rules={[rule(name, isRequired)]}
      extra={extra ?? t('form.hints.cnpj')}
    >
      <Input
        maxLength={MASKED_CNPJ_LENGTH}
        placeholder="00.000.000/0000-00"
        autoComplete="off"
        disabled={isDisabled}
      />
    </Field>
  );
}

/** A Brazilian phone with its area code (`optionalPhoneSchema`), masked as typed. */
export function PhoneField({ name, label, rule, isRequired = false, extra, isDisabled }: KitFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Field
      name={name}
      label={label}
      normalize={(value: string) => maskBrazilianPhone(value ?? '')}
      rules={[rule(name, isRequired)]}
      extra={extra ?? t('form.hints.phone')}
    >
      <Input
        type="tel"
        inputMode="tel"
        maxLength={MASKED_PHONE_LENGTH}
        placeholder="(11) 91234-5678"
        autoComplete="off"
        disabled={isDisabled}
      />
    </Field>
  );
}

/**
 * An e-mail address (`optionalEmailSchema`, or the account's own): `autoComplete="email"` where it is
 * the signed-in person's kind of address (a user's), off for a contact's.
 */
export function EmailField({
  name,
  label,
  rule,
  isRequired = false,
  extra,
  isDisabled,
  autoComplete = 'off',
}: KitFieldProps & { autoComplete?: 'off' | 'email' }) {
  return (
    <Field name={name} label={label} rules={[rule(name, isRequired)]} extra={extra}>
      <Input type="email" maxLength={EMAIL_MAX_LENGTH} autoComplete={autoComplete} disabled={isDisabled} />
    </Field>
  );
}

/** A free note (`noteSchema`), the whole row wide, with its count. */
export function NotesField({ name, label, rule, isRequired = false, extra, isDisabled }: KitFieldProps) {
  return (
    <Field isWide name={name} label={label} rules={[rule(name, isRequired)]} extra={extra}>
      <Input.TextArea
        maxLength={NOTE_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        disabled={isDisabled}
      />
    </Field>
  );
}
