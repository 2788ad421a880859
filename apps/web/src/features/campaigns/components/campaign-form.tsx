import { campaignCollectionRefusal } from '@scentia/shared/campaigns.rules';
import { type CampaignRow, campaignBodySchema } from '@scentia/shared/campaigns.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@scentia/shared/locales';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import { ImageUploadField } from '../../../components/resource-form/image-upload-field.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/paths.ts';
import { UPLOAD_MAX_MB } from '../../../lib/upload-limit.ts';
import { refreshAnsweredSlots, useAnsweredSlots } from '../api/answered-slots.ts';
import {
  CAMPAIGN_FORM_FIELDS,
  type CampaignFormValues,
  type CoverValue,
  campaignFormToBody,
  type SlotValue,
} from '../campaign-form-values.ts';
import { DescriptionTabs } from './description-tabs.tsx';
import { DeviceEditor } from './device-editor.tsx';
import './campaign-form.css';

// A server error with one of these codes belongs under the cover or the device as well.
const CODE_FIELDS = {
  FILE_TOO_LARGE: ['cover'],
  UNSUPPORTED_IMAGE: ['cover'],
  IMAGE_UNREADABLE: ['cover'],
  IMAGE_REQUIRED: ['cover'],
  CAMPAIGN_NO_SLOT: ['collection'],
  CAMPAIGN_DUPLICATE_FRAGRANCE: ['collection'],
  CAMPAIGN_SLOT_HAS_ANSWER: ['collection'],
};

/**
 * The campaign form (spec §5 Campaign): name, fragrance shots, cover, a description per language (one
 * tab each, marked while empty; pt-BR required) and the device editor. Fields are checked by the
 * shared schema and device rules the API applies; the cover is required on create, kept on edit.
 * On edit, a slot whose fragrance a quiz answer of the campaign recommends is locked (spec §4).
 */
export function CampaignForm(props: ResourceFormComponentProps<CampaignFormValues, CampaignRow>) {
  const { mode, initialValues, record, onSubmit } = props;
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const lockedSlots = useAnsweredSlots(mode === 'edit' ? record : undefined);
  // A refusal over a held slot means a quiz took it since the form opened: the lock shows at once.
  const submit = (values: CampaignFormValues) =>
    onSubmit(values).catch((error: unknown) => {
      if (isApiError(error) && error.code === ErrorCode.CAMPAIGN_SLOT_HAS_ANSWER) {
        void refreshAnsweredSlots(queryClient);
      }
      throw error;
    });
  const [form] = Form.useForm<CampaignFormValues>();
  const descriptions = Form.useWatch('descriptions', form) ?? initialValues.descriptions;
  const rule = useSchemaRule(campaignBodySchema, campaignFormToBody);
  const coverRule: RuleObject = {
    required: mode === 'create',
    validator: async (_rule, value: CoverValue | null | undefined) => {
      if (value?.isTooLarge) throw new Error(t('form.cover.tooLarge', { max: UPLOAD_MAX_MB }));
      if (mode === 'create' && !value?.file) throw new Error(t('common:validation.required'));
    },
  };
  const defaultDescriptionRule: RuleObject = {
    required: true,
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) throw new Error(t('common:validation.required'));
    },
  };
  const collectionRule: RuleObject = {
    required: true,
    validator: async (_rule, value: SlotValue[] | undefined) => {
      const collection = value ?? [];
      const refusal = campaignCollectionRefusal(collection);
      if (refusal) throw new Error(t(`form.errors.${refusal}`));
      if (collection.some((entry) => !entry.shotSeconds || entry.shotSeconds < 1)) {
        throw new Error(t('form.errors.shotSeconds'));
      }
    },
  };

  return (
    <ResourceForm<CampaignFormValues>
      {...props}
      onSubmit={submit}
      form={form}
      listPath={PATHS.admin.campaigns.list}
      fieldPaths={CAMPAIGN_FORM_FIELDS}
      codeFields={CODE_FIELDS}
    >
      <FormSection>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={t('form.fields.name')} rules={[rule('name', true)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="fragranceShots"
            label={t('form.fields.fragranceShots')}
            rules={[rule('fragranceShots', true)]}
          >
            <InputNumber min={1} max={10_000} precision={0} className="campaign-number" />
          </Form.Item>
        </Col>
        <Field isWide name="cover" label={t('form.fields.cover')} rules={[coverRule]}>
          <ImageUploadField
            shape="wide"
            texts={{
              previewAlt: t('form.cover.previewAlt'),
              choose: t('form.cover.choose'),
              replace: t('form.cover.replace'),
              hint: (max) => t('form.cover.hint', { max }),
            }}
          />
        </Field>
      </FormSection>
      <FormSection legend={t('form.sections.descriptions')}>
        <Col xs={24}>
          <DescriptionTabs
            id="campaign-descriptions"
            label={t('form.sections.descriptions')}
            tabs={LANGUAGES.map((language) => {
              const languageName = t(`common:language.${language}`);
              const isMissing = !descriptions?.[language]?.trim();
              const missingText =
                language === DEFAULT_LANGUAGE
                  ? t('form.descriptions.required')
                  : t('form.descriptions.missing');
              return {
                key: language,
                label: (
                  <span>
                    {languageName}
                    {isMissing && <span className="campaign-description-missing"> ({missingText})</span>}
                  </span>
                ),
                panel: (
                  <Form.Item
                    name={['descriptions', language]}
                    label={t('form.fields.description', { language: languageName })}
                    rules={language === DEFAULT_LANGUAGE ? [defaultDescriptionRule] : []}
                  >
                    <Input.TextArea
                      maxLength={100}
                      showCount
                      autoSize={{ minRows: 2, maxRows: 4 }}
                      lang={language}
                    />
                  </Form.Item>
                ),
              };
            })}
          />
        </Col>
      </FormSection>
      <FormSection legend={t('form.sections.device')}>
        <Field isWide name="collection" rules={[collectionRule]} extra={t('form.ring.hint')}>
          <DeviceEditor lockedSlots={lockedSlots} />
        </Field>
      </FormSection>
    </ResourceForm>
  );
}
