import { type DeviceRecord, deviceBodySchema } from '@scentia/shared/devices.schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { campaignRecord } from '../../campaigns/api/get-campaign.ts';
import { campaignOptionsSource } from '../../campaigns/api/search-campaigns.ts';
import { locationRecord } from '../../locations/api/get-location.ts';
import { locationOptionsSource } from '../../locations/api/search-locations.ts';
import {
  DEVICE_FORM_FIELDS,
  type DeviceFormValues,
  deviceFormToBody,
  displayMacAddress,
} from '../device-form-values.ts';

// A server error with one of these codes belongs under that field as well.
const CODE_FIELDS = {
  DEVICE_MAC_TAKEN: ['macAddress'],
  LOCATION_INACTIVE: ['locationId'],
  CAMPAIGN_INACTIVE: ['campaignId'],
};

/** The name of a record a link prefilled (`?locationId=4`), until the typeahead searches. */
function usePrefilledName(
  endpoint: { useRecord: (id: number, isEnabled: boolean) => { data?: { name: string } } },
  id: string | null,
) {
  const number = Number(id ?? 0);
  return endpoint.useRecord(number, number > 0).data?.name;
}

/**
 * The device form (issue 25): its MAC address (any usual spelling, shown grouped once typed and
 * unique), the location it stands at (its owner is that location's organisation) and the campaign it
 * plays, each a typeahead of the active ones, checked by the shared body schema the API validates with.
 */
export function DeviceForm(props: ResourceFormComponentProps<DeviceFormValues, DeviceRecord>) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<DeviceFormValues>();
  const rule = useSchemaRule(deviceBodySchema, deviceFormToBody);
  const isCreate = !props.record;
  const locationName = usePrefilledName(locationRecord, isCreate ? props.initialValues.locationId : null);
  const campaignName = usePrefilledName(campaignRecord, isCreate ? props.initialValues.campaignId : null);
  const required = { required: true, message: t('common:validation.required') };

  return (
    <ResourceForm<DeviceFormValues>
      {...props}
      form={form}
      listPath={PATHS.admin.devices.list}
      fieldPaths={DEVICE_FORM_FIELDS}
      codeFields={CODE_FIELDS}
    >
      <FormSection>
        <Field
          name="macAddress"
          label={t('fields.macAddress')}
          rules={[rule('macAddress', true)]}
          extra={t('macHint')}
        >
          <Input
            maxLength={17}
            autoComplete="off"
            spellCheck={false}
            className="device-mac"
            onBlur={(event) => {
              const shown = displayMacAddress(event.target.value.trim());
              if (shown !== event.target.value) form.setFieldValue('macAddress', shown);
            }}
          />
        </Field>
      </FormSection>
      <FormSection>
        <Field name="locationId" label={t('fields.location')} rules={[required]} extra={t('locationHint')}>
          <TypeaheadSelect
            {...locationOptionsSource()}
            valueLabel={props.record?.location.name ?? locationName}
            placeholder={t('locationPlaceholder')}
            aria-required
          />
        </Field>
        <Field name="campaignId" label={t('fields.campaign')} rules={[required]}>
          <TypeaheadSelect
            {...campaignOptionsSource()}
            valueLabel={props.record?.campaign.name ?? campaignName}
            placeholder={t('campaignPlaceholder')}
            aria-required
          />
        </Field>
      </FormSection>
    </ResourceForm>
  );
}
