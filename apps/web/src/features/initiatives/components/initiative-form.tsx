import {
  INITIATIVE_DESCRIPTION_MAX,
  INITIATIVE_TITLE_MAX,
  type InitiativeRow,
  initiativeBodySchema,
} from '@scentia/shared/initiatives.schemas';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/resource-form/date-field.tsx';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { campaignRecord } from '../../campaigns/api/get-campaign.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { initiativeCampaignOptionsSource } from '../api/initiative-options.ts';
import {
  INITIATIVE_FORM_FIELDS,
  type InitiativeFormValues,
  initiativeFormToBody,
} from '../initiative-form-values.ts';
import { useInitiativeAccess } from '../use-initiative-access.ts';
import { InitiativeLocationsSelect } from './initiative-locations-select.tsx';

/**
 * The initiative form (issues 27 and 39): title, description, the organisation and its active
 * locations (a new organisation clears them), the active campaign, and the days it plays, all checked
 * by the shared body schema the API validates with (the end not before the start, at most 366 days).
 * A member proposes for their own organisation: the field is theirs, not shown, and the locations
 * offered are their own. What the caller may do comes from the shared doors (use-initiative-access.ts).
 */
export function InitiativeForm(props: ResourceFormComponentProps<InitiativeFormValues, InitiativeRow>) {
  const access = useInitiativeAccess();
  if (!access.isMember || props.record || access.organizationId === null) {
    return <InitiativeFormFields {...props} isMember={access.isMember} />;
  }
  const initialValues = { ...props.initialValues, organizationId: String(access.organizationId) };
  return <InitiativeFormFields {...props} initialValues={initialValues} isMember />;
}

function InitiativeFormFields({
  isMember,
  ...props
}: ResourceFormComponentProps<InitiativeFormValues, InitiativeRow> & { isMember: boolean }) {
  const { t } = useTranslation('initiatives');
  const [form] = Form.useForm<InitiativeFormValues>();
  const rule = useSchemaRule(initiativeBodySchema, initiativeFormToBody);
  const organizationId = Form.useWatch('organizationId', form) ?? null;
  const isCreate = !props.record;
  const organizationName = useOrganizationName(isCreate ? props.initialValues.organizationId : null);
  const prefilledCampaign = Number(isCreate ? (props.initialValues.campaignId ?? 0) : 0);
  const campaignName = campaignRecord.useRecord(prefilledCampaign, prefilledCampaign > 0).data?.name;
  const knownLocations = useMemo(
    () =>
      new Map(
        (props.record?.locations ?? []).map((location) => [String(location.locationId), location.name]),
      ),
    [props.record],
  );

  return (
    <ResourceForm<InitiativeFormValues>
      {...props}
      form={form}
      listPath={PATHS.admin.initiatives.list}
      fieldPaths={INITIATIVE_FORM_FIELDS}
      onValuesChange={(changed) => {
        // Locations belong to one organisation: choosing another (or none) clears them.
        if ('organizationId' in changed) form.setFieldValue('locationIds', []);
        if ('startsOn' in changed) void form.validateFields(['endsOn']).catch(() => undefined);
      }}
    >
      <FormSection>
        <Field name="title" label={t('fields.title')} rules={[rule('title', true)]} isWide>
          <Input maxLength={INITIATIVE_TITLE_MAX} showCount />
        </Field>
        <Field name="description" label={t('fields.description')} rules={[rule('description')]} isWide>
          <Input.TextArea
            maxLength={INITIATIVE_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
          />
        </Field>
      </FormSection>
      <FormSection legend={t('sections.where')}>
        {isMember ? (
          <Form.Item name="organizationId" hidden>
            <Input />
          </Form.Item>
        ) : (
          <Field
            name="organizationId"
            label={t('fields.organization')}
            rules={[rule('organizationId', true)]}
          >
            <TypeaheadSelect
              {...organizationOptionsSource()}
              valueLabel={props.record?.organization.name ?? organizationName}
              placeholder={t('organizationPlaceholder')}
              aria-required
            />
          </Field>
        )}
        <Field
          name="locationIds"
          label={t('fields.locations')}
          rules={[rule('locationIds', true)]}
          extra={organizationId || isMember ? undefined : t('locationsHint')}
        >
          <InitiativeLocationsSelect
            organizationId={organizationId}
            isMember={isMember}
            knownLabels={knownLocations}
            placeholder={t('locationsPlaceholder')}
            aria-required
          />
        </Field>
        <Field name="campaignId" label={t('fields.campaign')} rules={[rule('campaignId', true)]}>
          <TypeaheadSelect
            {...initiativeCampaignOptionsSource()}
            valueLabel={props.record?.campaign.name ?? campaignName}
            placeholder={t('campaignPlaceholder')}
            aria-required
          />
        </Field>
      </FormSection>
      <FormSection legend={t('sections.when')}>
        <Field name="startsOn" label={t('fields.startsOn')} rules={[rule('startsOn', true)]}>
          <DateField className="form-date" aria-required />
        </Field>
        <Field
          name="endsOn"
          label={t('fields.endsOn')}
          rules={[rule('endsOn', true)]}
          dependencies={['startsOn']}
          extra={t('datesHint')}
        >
          <DateField className="form-date" aria-required />
        </Field>
      </FormSection>
    </ResourceForm>
  );
}
