import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { campaignOptionsSource } from '../../campaigns/api/search-campaigns.ts';
import { locationOptionsSource } from '../../locations/api/search-locations.ts';

/**
 * What a bulk move of devices sets: a location, a campaign or both (the bulk dialog's form; the
 * values are named as the bulk route's `values` takes them).
 */
export function DeviceMoveFields() {
  const { t } = useTranslation('devices');
  return (
    <>
      <Form.Item name="locationId" label={t('fields.location')}>
        <TypeaheadSelect {...locationOptionsSource()} placeholder={t('locationPlaceholder')} />
      </Form.Item>
      <Form.Item name="campaignId" label={t('fields.campaign')}>
        <TypeaheadSelect {...campaignOptionsSource()} placeholder={t('campaignPlaceholder')} />
      </Form.Item>
    </>
  );
}
