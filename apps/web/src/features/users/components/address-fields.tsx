import { userBodySchema } from '@scentia/shared/users.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { schemaPathRule } from '../../../lib/form-rules.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { completeCepDigits, maskCep } from '../../../lib/input-masks.ts';
import { useTranslateIssue } from '../../../lib/use-translate-issue.ts';
import { useCountries } from '../../geo/api/list-countries.ts';
import { postcodeQueryOptions } from '../../geo/api/lookup-postcode.ts';
import { cityOptionsSource } from '../../geo/api/search-cities.ts';
import { regionOptionsSource } from '../../geo/api/search-regions.ts';
import { BRAZIL, formToBody, type UserFormValues } from '../user-form-values.ts';

const COUNTRY: ['address', 'country'] = ['address', 'country'];
const STATE: ['address', 'state'] = ['address', 'state'];

/**
 * The address part of the user form (spec §2 "User form"): the country comes first; CEP and street
 * wait for it; for Brazil the CEP is masked 00000-000 and, once complete, the postcode lookup fills
 * the state and city. State and city are typeaheads over the geo API.
 */
export function AddressFields() {
  const { t } = useTranslation('users');
  const form = Form.useFormInstance<UserFormValues>();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const country: string | null = Form.useWatch(COUNTRY, form) ?? null;
  const state: string | null = Form.useWatch(STATE, form) ?? null;
  const isBrazil = country === BRAZIL;
  const countries = useCountries(language);
  const [postcodeNotice, setPostcodeNotice] = useState<string | undefined>(undefined);
  const lookupId = useRef(0);
  const translate = useTranslateIssue();

  async function lookUp(zipcode: string) {
    lookupId.current += 1;
    const id = lookupId.current;
    setPostcodeNotice(undefined);
    const digits = completeCepDigits(zipcode);
    if (!isBrazil || !digits) return;
    try {
      const place = await queryClient.fetchQuery(postcodeQueryOptions(digits));
      if (id !== lookupId.current) return;
      const street = form.getFieldValue(['address', 'street']) as string | undefined;
      form.setFieldsValue({
        address: {
          state: place.uf,
          city: place.localidade || null,
          ...(!street && place.logradouro ? { street: place.logradouro } : {}),
        },
      } as Partial<UserFormValues>);
      void form.validateFields([STATE, ['address', 'city'], ['address', 'street']]).catch(() => undefined);
    } catch (error) {
      if (id !== lookupId.current) return;
      const isUnknown = isApiError(error) && error.status === 404;
      // The place of the previous CEP is not this one's: the person fills them in by hand.
      if (isUnknown) {
        form.setFieldsValue({ address: { state: null, city: null } } as Partial<UserFormValues>);
      }
      setPostcodeNotice(isUnknown ? t('address.postcodeNotFound') : t('address.postcodeFailed'));
    }
  }

  return (
    <fieldset className="form-section">
      <legend>{t('sections.address')}</legend>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={COUNTRY} label={t('fields.country')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              loading={countries.isPending}
              placeholder={t('address.countryPlaceholder')}
              options={(countries.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
              onChange={() => {
                setPostcodeNotice(undefined);
                form.setFieldsValue({
                  address: { zipcode: '', state: null, city: null },
                } as Partial<UserFormValues>);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['address', 'zipcode']}
            label={t('fields.zipcode')}
            dependencies={[COUNTRY]}
            normalize={(value: string) => (isBrazil ? maskCep(value ?? '') : value)}
            rules={[schemaPathRule(userBodySchema, formToBody, ['address', 'zipcode'], translate)]}
            extra={postcodeNotice ?? (isBrazil ? t('address.zipcodeHint') : undefined)}
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
            name={['address', 'street']}
            label={t('fields.street')}
            rules={[schemaPathRule(userBodySchema, formToBody, ['address', 'street'], translate)]}
          >
            <Input disabled={!country} maxLength={200} autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={STATE} label={t('fields.state')}>
            <TypeaheadSelect
              disabled={!country}
              canCreate
              placeholder={t('address.searchPlaceholder')}
              onChange={() => form.setFieldsValue({ address: { city: null } } as Partial<UserFormValues>)}
              {...regionOptionsSource(country ?? '', language)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['address', 'city']} label={t('fields.city')}>
            <TypeaheadSelect
              disabled={!country || !state}
              canCreate
              placeholder={t('address.searchPlaceholder')}
              {...cityOptionsSource(country ?? '', state ?? '')}
            />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}
