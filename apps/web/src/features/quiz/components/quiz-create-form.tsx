import { LANGUAGES } from '@scentia/shared/locales';
import { quizCreateBodySchema } from '@scentia/shared/quiz.schemas';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, FormSection } from '../../../components/resource-form/form-layout.tsx';
import {
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { campaignsWithoutQuizSource } from '../api/search-campaigns-without-quiz.ts';
import { QUIZ_CREATE_FIELDS, type QuizCreateValues, quizCreateToBody } from '../quiz-create-values.ts';

// A refusal about the campaign (inactive, or already with a quiz in the language) belongs under it.
const CODE_FIELDS = {
  CAMPAIGN_INACTIVE: ['campaignId'],
  QUIZ_CAMPAIGN_TAKEN: ['campaignId'],
};

/** The quiz's name as a person's name (spec §5); the spec keeps it to 100 characters. */
const NAME_MAX_LENGTH = 100;

/**
 * The create form (spec §2: name, campaign and language only): the campaign typeahead offers the
 * active campaigns without a quiz in the chosen language, so another language clears the campaign.
 */
export function QuizCreateForm(props: ResourceFormComponentProps<QuizCreateValues>) {
  const { t } = useTranslation('quiz');
  const [form] = Form.useForm<QuizCreateValues>();
  const rule = useSchemaRule(quizCreateBodySchema, quizCreateToBody);
  const language = Form.useWatch('language', form) ?? props.initialValues.language;

  return (
    <ResourceForm<QuizCreateValues>
      {...props}
      form={form}
      listPath={PATHS.admin.quiz.list}
      fieldPaths={QUIZ_CREATE_FIELDS}
      codeFields={CODE_FIELDS}
      saveErrorText={t('createError')}
      onValuesChange={(changed) => {
        if ('language' in changed) form.setFieldValue('campaignId', null);
      }}
    >
      <FormSection>
        <Field isWide name="name" label={t('fields.name')} rules={[rule('name', true)]}>
          <Input maxLength={NAME_MAX_LENGTH} autoComplete="off" />
        </Field>
        <Field name="language" label={t('fields.language')} rules={[rule('language', true)]}>
          <Select
            options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            aria-required
          />
        </Field>
        <Field
          name="campaignId"
          label={t('fields.campaign')}
          rules={[{ required: true, message: t('campaignRequired') }]}
          extra={t('campaignHint')}
        >
          <TypeaheadSelect
            // Each language has its own options: a new select, with no stale search, per language.
            key={language}
            {...campaignsWithoutQuizSource(language)}
            placeholder={t('campaignPlaceholder')}
            aria-required
          />
        </Field>
      </FormSection>
    </ResourceForm>
  );
}
