import { ADDRESS_REQUIRED_FIELDS, addressPartSchema } from '@scentia/shared/address.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { schemaPathRule } from '../../lib/form-rules.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { completeCepDigits, maskCep } from '../../lib/input-masks.ts';
import { useTranslateIssue } from '../../lib/use-translate-issue.ts';
import { TypeaheadSelect } from '../typeahead-select.tsx';
import type { AddressGeo } from './address-geo.ts';
import { type AddressFormValues, addressToBody, BRAZIL } from './address-values.ts';

type AddressBlockProps = {
  /** The geo feature's lookups (`addressGeo`). */
  geo: AddressGeo;
  /** Where the address sits in the form's values (`AddressFormValues`); the body's `address`. */
  name?: string;
  /**
   * The body requires the address (`addressSchema`, not nullable): the fields the shared address rule
   * requires (`ADDRESS_REQUIRED_FIELDS`, the country) are marked and checked as required.
   */
  isRequired?: boolean;
  /** Fields this form's body requires besides the address rule's (a site's city). */
  required?: readonly (keyof AddressFormValues)[];
};

const NOTHING_REQUIRED: readonly (keyof AddressFormValues)[] = [];

/**
 * The address section of any form (spec §2 "User form", §5): the country comes first; CEP and street
 * wait for it; for Brazil the CEP is masked 00000-000 and, once complete, the postcode lookup fills
 * the state, the city and an empty street. State and city are typeaheads over the geo API; the fields
 * are checked by the shared address schema the API validates with. Texts: the `address` namespace.
 */
export function AddressBlock({
  geo,
  name = 'address',
  isRequired = false,
  required = NOTHING_REQUIRED,
}: AddressBlockProps) {
  const { t } = useTranslation('address');
  const form = Form.useFormInstance();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const path = (field: keyof AddressFormValues) => [name, field];
  const country: string | null = Form.useWatch(path('country'), form) ?? null;
  const state: string | null = Form.useWatch(path('state'), form) ?? null;
  const isBrazil = country === BRAZIL;
  const countries = geo.useCountries(language);
  const [postcodeNotice, setPostcodeNotice] = useState<string | undefined>(undefined);
  const lookupId = useRef(0);
  const translate = useTranslateIssue();
  const rule = (field: keyof AddressFormValues) =>
    schemaPathRule(
      addressPartSchema,
      (values: Record<string, unknown>) => ({ address: addressToBody(values[name] as AddressFormValues) }),
      ['address', field],
      translate,
    );
  const isFieldRequired = (field: keyof AddressFormValues) =>
    required.includes(field) || (isRequired && (ADDRESS_REQUIRED_FIELDS as string[]).includes(field));
  const requiredRules = (field: keyof AddressFormValues) =>
    isFieldRequired(field) ? [{ required: true, message: t('common:validation.required') }] : [];
  const setField = (field: keyof AddressFormValues, value: unknown) => form.setFieldValue(path(field), value);

  async function lookUp(zipcode: string) {
    lookupId.current += 1;
    const id = lookupId.current;
    setPostcodeNotice(undefined);
    const digits = completeCepDigits(zipcode);
    if (!isBrazil || !digits) return;
    try {
      const place = await geo.lookUpPostcode(queryClient, digits);
      if (id !== lookupId.current) return;
      setField('state', place.uf);
      setField('city', place.localidade || null);
      if (!form.getFieldValue(path('street')) && place.logradouro) setField('street', place.logradouro);
      void form.validateFields([path('state'), path('city'), path('street')]).catch(() => undefined);
    } catch (error) {
      if (id !== lookupId.current) return;
      const isUnknown = isApiError(error) && error.status === 404;
      // The place of the previous CEP is not this one's: the person fills them in by hand.
      if (isUnknown) {
        setField('state', null);
        setField('city', null);
      }
      setPostcodeNotice(isUnknown ? t('postcodeNotFound') : t('postcodeFailed'));
    }
  }

  return (
    <fieldset className="form-section">
      <legend>{t('title')}</legend>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={path('country')} label={t('fields.country')} rules={requiredRules('country')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              loading={countries.isPending}
              placeholder={t('countryPlaceholder')}
              options={(countries.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
              onChange={() => {
                setPostcodeNotice(undefined);
                setField('zipcode', '');
                setField('state', null);
                setField('city', null);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={path('zipcode')}
            label={t('fields.zipcode')}
            dependencies={[path('country')]}
            normalize={(value: string) => (isBrazil ? maskCep(value ?? '') : value)}
            rules={[rule('zipcode'), ...requiredRules('zipcode')]}
            extra={postcodeNotice ?? (isBrazil ? t('zipcodeHint') : undefined)}
          >
            <Input
              disabled={!country}
              inputMode={isBrazil ? 'numeric' : undefined}
              placeholder={isBrazil ? '00000-000' : undefined}
              maxLength={isBrazil ? 9 : 12}
              autoComplete="postal-code"
              onChange={(event) => void lookUp(isBrazil ? maskCep(event.target.value) : event.target.value)}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name={path('street')}
            label={t('fields.street')}
            rules={[rule('street'), ...requiredRules('street')]}
          >
            <Input disabled={!country} maxLength={200} autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={path('state')} label={t('fields.state')} rules={requiredRules('state')}>
            <TypeaheadSelect
              disabled={!country}
              canCreate
              placeholder={t('searchPlaceholder')}
              onChange={() => setField('city', null)}
              {...geo.regionOptionsSource(country ?? '', language)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={path('city')} label={t('fields.city')} rules={requiredRules('city')}>
            <TypeaheadSelect
              disabled={!country || !state}
              canCreate
              placeholder={t('searchPlaceholder')}
              {...geo.cityOptionsSource(country ?? '', state ?? '')}
            />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}
