import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { LOCATION_STAFF_ONLY_FIELDS, type LocationStaffOnlyField } from '@scentia/shared/locations.rules';
import type { LocationRow } from '@scentia/shared/locations.schemas';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/resource-form/form-layout.tsx';
import { KitSections } from '../../../components/resource-form/kit-sections.tsx';
import {
  formKit,
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { useMayPass } from '../../../lib/access.ts';
import { addressGeo } from '../../geo/api/address-geo.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { LOCATION_FORM, type LocationFormValues } from '../location-form-values.ts';
import { TimeZoneSelect } from './time-zone-select.tsx';

// A server error with one of these codes belongs under that field as well.
const CODE_FIELDS = { ORGANIZATION_INACTIVE: ['organizationId'] };

/**
 * The location form (issue 23): its organisation (a typeahead of the active ones), its name (unique
 * within the organisation), its address with the postcode prefill, its time zone and a note, checked
 * by the shared body schema the API validates with. The staff's own fields (`LOCATION_STAFF_ONLY_FIELDS`)
 * are read-only to anyone the door `staffOnlyFields` does not admit (a Manager edits the address and note).
 */
export function LocationForm(props: ResourceFormComponentProps<LocationFormValues, LocationRow>) {
  const { t } = useTranslation('locations');
  const [form] = Form.useForm<LocationFormValues>();
  const { rule } = formKit(props);
  // The loaded location's organisation, or the one a link prefilled: its name until the typeahead searches.
  const prefilledName = useOrganizationName(props.record ? undefined : props.initialValues.organizationId);
  const required = { required: true, message: t('common:validation.required') };
  const mayChangeStaffFields = useMayPass()(FLEET_DOORS.locations.staffOnlyFields);
  const isReadOnly = (field: LocationStaffOnlyField) =>
    !mayChangeStaffFields && LOCATION_STAFF_ONLY_FIELDS.includes(field);
  const staffOnlyHint = mayChangeStaffFields ? undefined : t('staffOnlyHint');

  return (
    <ResourceForm<LocationFormValues> {...props} form={form} codeFields={CODE_FIELDS}>
      <KitSections
        form={LOCATION_FORM}
        rule={rule}
        geo={addressGeo}
        fields={{
          name: { extra: isReadOnly('name') ? staffOnlyHint : t('nameHint'), isDisabled: isReadOnly('name') },
        }}
        before={{
          name: (
            <Field
              name="organizationId"
              label={t('fields.organization')}
              rules={[required]}
              extra={isReadOnly('organizationId') ? staffOnlyHint : undefined}
            >
              <TypeaheadSelect
                {...organizationOptionsSource()}
                valueLabel={props.record?.organization.name ?? prefilledName}
                placeholder={t('organizationPlaceholder')}
                disabled={isReadOnly('organizationId')}
                aria-required
              />
            </Field>
          ),
          note: (
            <Field
              name="timeZone"
              label={t('fields.timeZone')}
              rules={[rule('timeZone', true)]}
              extra={isReadOnly('timeZone') ? staffOnlyHint : t('timeZoneHint')}
            >
              <TimeZoneSelect disabled={isReadOnly('timeZone')} />
            </Field>
          ),
        }}
      />
    </ResourceForm>
  );
}
