import { type CategoryRow, categoryTranslationSchema } from '@scentia/shared/categories.schemas';
import { LANGUAGES } from '@scentia/shared/locales';
import { Col, Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/resource-form/form-layout.tsx';
import { NameField } from '../../../components/resource-form/kit-fields.tsx';
import {
  formKit,
  ResourceForm,
  type ResourceFormComponentProps,
} from '../../../components/resource-form/resource-form.tsx';
import { zodIssue } from '../../../lib/form-rules.ts';
import { useTranslateIssue } from '../../../lib/use-translate-issue.ts';
import type { CategoryFormValues } from '../category-form-values.ts';

/**
 * The category form (spec §5 Category): the name and its translations into the three languages,
 * side by side, checked by the shared schema the API validates with. Translations are optional;
 * the list marks categories whose translations are incomplete.
 */
export function CategoryForm(props: ResourceFormComponentProps<CategoryFormValues, CategoryRow>) {
  const { mode } = props;
  const { t } = useTranslation('categories');
  const [form] = Form.useForm<CategoryFormValues>();
  const translate = useTranslateIssue();
  const { rule } = formKit(props);
  const translationRule: RuleObject = {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return;
      const issue = zodIssue(categoryTranslationSchema.shape.name, text);
      if (issue) throw new Error(translate(issue));
    },
  };

  return (
    <ResourceForm<CategoryFormValues>
      {...props}
      form={form}
      saveErrorText={mode === 'create' ? t('createError') : undefined}
    >
      <FormSection>
        <NameField name="name" label={t('fields.name')} rule={rule} />
      </FormSection>
      <FormSection legend={t('sections.translations')}>
        {LANGUAGES.map((language) => (
          <Col key={language} xs={24} md={8}>
            <Form.Item
              name={['translations', language]}
              label={t('fields.translatedName', { language: t(`common:language.${language}`) })}
              rules={[translationRule]}
            >
              <Input maxLength={100} lang={language} />
            </Form.Item>
          </Col>
        ))}
      </FormSection>
    </ResourceForm>
  );
}
