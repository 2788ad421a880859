import {
  type FragranceRow,
  fragranceBodySchema,
  fragranceTranslationSchema,
} from '@scentia/shared/fragrances.schemas';
import { LANGUAGES } from '@scentia/shared/locales';
import { Col, Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import { ImageUploadField } from '../../../components/resource-form/image-upload-field.tsx';
import { NameField } from '../../../components/resource-form/kit-fields.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { zodIssue } from '../../../lib/form-rules.ts';
import { PATHS } from '../../../lib/paths.ts';
import { UPLOAD_MAX_MB } from '../../../lib/upload-limit.ts';
import { useTranslateIssue } from '../../../lib/use-translate-issue.ts';
import { categoryOptionsSource } from '../../categories/api/search-categories.ts';
import {
  FRAGRANCE_FORM_FIELDS,
  type FragranceFormValues,
  fragranceFormToBody,
  type ImageValue,
} from '../fragrance-form-values.ts';

// A server error with one of these codes belongs under the image as well.
const CODE_FIELDS = {
  FILE_TOO_LARGE: ['image'],
  UNSUPPORTED_IMAGE: ['image'],
  IMAGE_UNREADABLE: ['image'],
  IMAGE_REQUIRED: ['image'],
};

/**
 * The fragrance form (spec §5 Fragrance): name, category (quick-search typeahead), olfactory way,
 * description and image, plus the description and olfactory way in the three languages side by
 * side. Fields are checked by the shared schema the API validates with; the image is required on
 * create, optional on edit (the stored one is kept), and refused above the upload limit.
 */
export function FragranceForm(props: ResourceFormComponentProps<FragranceFormValues, FragranceRow>) {
  const { mode } = props;
  // The loaded fragrance's category name, shown until the typeahead has searched.
  const categoryLabel = props.record?.category.name;
  const { t } = useTranslation('fragrances');
  const [form] = Form.useForm<FragranceFormValues>();
  const translate = useTranslateIssue();
  const rule = useSchemaRule(fragranceBodySchema, fragranceFormToBody);
  const optionalRule = (schema: z.ZodType): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      const issue = zodIssue(schema, typeof value === 'string' ? value : '');
      if (issue) throw new Error(translate(issue));
    },
  });
  const imageRule: RuleObject = {
    required: mode === 'create',
    validator: async (_rule, value: ImageValue | null | undefined) => {
      if (value?.isTooLarge) throw new Error(t('image.tooLarge', { max: UPLOAD_MAX_MB }));
      if (mode === 'create' && !value?.file) throw new Error(t('common:validation.required'));
    },
  };

  return (
    <ResourceForm<FragranceFormValues>
      {...props}
      form={form}
      listPath={PATHS.admin.fragrances.list}
      fieldPaths={FRAGRANCE_FORM_FIELDS}
      codeFields={CODE_FIELDS}
    >
      <FormSection>
        <NameField name="name" label={t('fields.name')} rule={rule} />
        <Field
          name="categoryId"
          label={t('fields.category')}
          rules={[rule('categoryId', true)]}
          extra={t('categoryHint')}
        >
          <TypeaheadSelect
            {...categoryOptionsSource()}
            valueLabel={categoryLabel}
            placeholder={t('categoryPlaceholder')}
            aria-required
          />
        </Field>
        <Field name="ofactoryWay" label={t('fields.ofactoryWay')} rules={[rule('ofactoryWay', true)]}>
          <Input maxLength={200} />
        </Field>
        <Field name="description" label={t('fields.description')} rules={[rule('description')]}>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Field>
        <Field isWide name="image" label={t('fields.image')} rules={[imageRule]}>
          <ImageUploadField
            texts={{
              previewAlt: t('image.previewAlt'),
              choose: t('image.choose'),
              replace: t('image.replace'),
              hint: (max) => t('image.hint', { max }),
            }}
          />
        </Field>
      </FormSection>
      <FormSection legend={t('sections.translations')}>
        {LANGUAGES.map((language) => {
          const languageName = t(`common:language.${language}`);
          return (
            <Col key={language} xs={24} md={8}>
              <Form.Item
                name={['translations', language, 'ofactoryWay']}
                label={t('fields.translatedOfactoryWay', { language: languageName })}
                rules={[optionalRule(fragranceTranslationSchema.shape.ofactoryWay)]}
              >
                <Input maxLength={200} lang={language} />
              </Form.Item>
              <Form.Item
                name={['translations', language, 'description']}
                label={t('fields.translatedDescription', { language: languageName })}
                rules={[optionalRule(fragranceTranslationSchema.shape.description)]}
              >
                <Input.TextArea
                  maxLength={255}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 5 }}
                  lang={language}
                />
              </Form.Item>
            </Col>
          );
        })}
      </FormSection>
    </ResourceForm>
  );
}
