import { personNameSchema } from '@scentia/shared/auth.schemas';
import { quizActionRefusal } from '@scentia/shared/quiz.rules';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { App, Button, Card, Descriptions, Form, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { useTranslateIssue } from '../../../lib/use-translate-issue.ts';
import { publishQuiz, renameQuiz, useQuizWrite, validateQuiz } from '../api/quiz-editor-mutations.ts';
import { quizStateOf } from '../quiz-state.ts';
import { QuizStageTag } from './quiz-stage-tag.tsx';

const NAME_MAX_LENGTH = 100;
const nameSchema = personNameSchema.max(NAME_MAX_LENGTH, { error: 'tooLong' });

type HeaderProps = {
  quiz: QuizDetail;
  /** A refused validation: the problems the server reported (its `fields`). */
  onInvalid: (fields: { path: string; message: string }[]) => void;
  onValidated: () => void;
};

/**
 * The editor's head: the quiz's name (editable), campaign, language and stage, and Validate and
 * Publish, each enabled as the shared rule allows (spec §4 Quiz), saying why when it is not.
 */
export function QuizEditorHeader({ quiz, onInvalid, onValidated }: HeaderProps) {
  const { t } = useTranslation('quiz');
  const { message, modal } = App.useApp();
  const translate = useTranslateIssue();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useQuizWrite(quiz.quizId, renameQuiz);
  const validate = useQuizWrite(quiz.quizId, validateQuiz);
  const publish = useQuizWrite(quiz.quizId, publishQuiz);
  const validateReasonId = useId();
  const publishReasonId = useId();
  const state = quizStateOf(quiz);
  const validateRefusal = quizActionRefusal(state, 'validate');
  const publishRefusal = quizActionRefusal(state, 'publish');

  async function saveName({ name }: { name: string }) {
    try {
      await rename.mutateAsync({ name: name.trim(), updatedAt: quiz.updatedAt });
      void message.success(t('editor.nameSaved'));
    } catch (error) {
      modal.error({ title: t('editor.nameError'), content: errorMessage(error, t, '') || undefined });
    }
  }

  async function runValidate() {
    try {
      await validate.mutateAsync();
      onValidated();
      void message.success(t('editor.validated'));
    } catch (error) {
      const fields = (error as { fields?: { path: string; message: string }[] }).fields;
      if (fields?.length) onInvalid(fields);
      else
        modal.error({ title: t('editor.validateError'), content: errorMessage(error, t, '') || undefined });
    }
  }

  async function runPublish() {
    try {
      const published = await publish.mutateAsync();
      void message.success(t('editor.published', { version: published.publishedVersion ?? '' }));
    } catch (error) {
      modal.error({ title: t('editor.publishError'), content: errorMessage(error, t, '') || undefined });
    }
  }

  return (
    <>
      <PageHeading
        title={quiz.name}
        subtitle={<QuizStageTag quiz={quiz} />}
        extra={
          <div className="quiz-editor-actions">
            <Button
              onClick={() => void runValidate()}
              disabled={validateRefusal !== undefined}
              loading={validate.isPending}
              aria-describedby={validateRefusal ? validateReasonId : undefined}
            >
              {t('editor.validate')}
            </Button>
            <Button
              type="primary"
              onClick={() => void runPublish()}
              disabled={publishRefusal !== undefined}
              loading={publish.isPending}
              aria-describedby={
                publishRefusal === undefined
                  ? undefined
                  : publishRefusal === validateRefusal
                    ? validateReasonId
                    : publishReasonId
              }
            >
              {t('editor.publish')}
            </Button>
            {validateRefusal && (
              <span id={validateReasonId} className="quiz-editor-reason">
                {t(`refusals.${validateRefusal}`)}
              </span>
            )}
            {publishRefusal && publishRefusal !== validateRefusal && (
              <span id={publishReasonId} className="quiz-editor-reason">
                {t(`refusals.${publishRefusal}`)}
              </span>
            )}
          </div>
        }
      />
      <Card
        className="quiz-editor-details"
        title={<h2 className="record-card-title">{t('editor.details')}</h2>}
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'campaign', label: t('fields.campaign'), children: quiz.campaign.name },
            { key: 'language', label: t('fields.language'), children: t(`languages.${quiz.language}`) },
          ]}
        />
        <Form
          form={form}
          layout="inline"
          initialValues={{ name: quiz.name }}
          onFinish={(values) => void saveName(values)}
          className="quiz-editor-name"
        >
          <Form.Item name="name" label={t('fields.name')} rules={[zodRule(nameSchema, translate)]}>
            <Input maxLength={NAME_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
          <Button htmlType="submit" loading={rename.isPending}>
            {t('editor.saveName')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
