import { PlusOutlined } from '@ant-design/icons';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { Alert, App, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toFieldPath } from '../../../lib/server-field-errors.ts';
import { deleteQuestion, saveQuestion, useQuizWrite } from '../api/quiz-editor-mutations.ts';
import { bankQuestionsSource } from '../api/search-bank-texts.ts';
import {
  emptyAnswer,
  emptyQuestion,
  hasOtherQuestion,
  type QuestionValues,
  questionFieldProblem,
  questionToBody,
  questionToValues,
} from '../question-form-values.ts';
import { AnswerFields } from './answer-fields.tsx';

type BuilderProps = {
  quiz: QuizDetail;
  /** The question edited, or undefined for a new one. */
  quizQuestionId: number | undefined;
  /** After a save: the question saved (a new one's id, found in the answer). */
  onSaved: (quizQuestionId: number) => void;
  onDeleted: () => void;
  onNew: () => void;
};

/**
 * The question and answer builder (spec §2 editor): the question's text from the bank or new, its
 * answers, saved together with `add-update`; an edited question can be deleted after a confirmation.
 */
export function QuestionBuilder({ quiz, quizQuestionId, onSaved, onDeleted, onNew }: BuilderProps) {
  const { t } = useTranslation('quiz');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<QuestionValues>();
  const save = useQuizWrite(quiz.quizId, saveQuestion);
  const remove = useQuizWrite(quiz.quizId, deleteQuestion);
  const [failure, setFailure] = useState<string>();
  const question = quiz.questions.find((found) => found.quizQuestionId === quizQuestionId);
  // Read once (the page mounts a builder per question): a refetch does not reset what is being typed.
  const canLeadOn = hasOtherQuestion(quiz, quizQuestionId);
  const [initialValues] = useState(() => (question ? questionToValues(question) : emptyQuestion(canLeadOn)));

  async function submit(values: QuestionValues) {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(questionToBody(values, quizQuestionId, quiz.updatedAt));
      const known = new Set(quiz.questions.map((found) => found.quizQuestionId));
      const savedId =
        quizQuestionId ?? saved.questions.find((found) => !known.has(found.quizQuestionId))?.quizQuestionId;
      void message.success(t('builder.saved'));
      if (savedId !== undefined) onSaved(savedId);
    } catch (error) {
      if (isApiError(error) && error.fields?.length) {
        form.setFields(
          error.fields.map((field) => ({ name: toFieldPath(field.path) as never, errors: [field.message] })),
        );
      }
      setFailure(errorMessage(error, t, t('builder.saveError')));
    }
  }

  function confirmDelete() {
    if (quizQuestionId === undefined || !question) return;
    modal.confirm({
      title: t('builder.deleteConfirm', { name: question.question.quest }),
      content: t('builder.deleteText'),
      okText: t('builder.delete'),
      okButtonProps: { danger: true },
      cancelText: t('builder.cancel'),
      centered: true,
      onOk: async () => {
        try {
          await remove.mutateAsync(quizQuestionId);
          void message.success(t('builder.deleted'));
          onDeleted();
        } catch (error) {
          modal.error({ title: t('builder.deleteError'), content: errorMessage(error, t, '') || undefined });
        }
      },
    });
  }

  return (
    <Card
      className="quiz-builder"
      title={
        <h2 className="record-card-title">{question ? t('builder.editTitle') : t('builder.newTitle')}</h2>
      }
      extra={
        question && (
          <Button icon={<PlusOutlined />} onClick={onNew}>
            {t('builder.add')}
          </Button>
        )
      }
    >
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        disabled={save.isPending}
      >
        <Form.Item
          name="quest"
          label={t('builder.question')}
          required
          rules={[
            {
              validator: async (_rule, quest: string | null) => {
                const code = questionFieldProblem({ quest, answers: [null] }, 'quest');
                if (code) throw new Error(t(`errors.${code}`));
              },
            },
          ]}
        >
          <TypeaheadSelect
            {...bankQuestionsSource(quiz.language)}
            canCreate
            placeholder={t('builder.questionPlaceholder')}
            aria-required
          />
        </Form.Item>
        <Form.List
          name="answers"
          rules={[
            {
              validator: async (_rule, answers: unknown[] | undefined) => {
                const code = questionFieldProblem({ quest: 'x', answers: answers ?? [] }, 'answers');
                if (code) throw new Error(t(`errors.${code}`));
              },
            },
          ]}
        >
          {(fields, { add, remove: removeAnswer }, { errors }) => (
            <section aria-label={t('builder.answers')}>
              {fields.map((field, index) => (
                <AnswerFields
                  key={field.key}
                  quiz={quiz}
                  quizQuestionId={quizQuestionId}
                  name={field.name}
                  number={index + 1}
                  onRemove={() => removeAnswer(field.name)}
                />
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(emptyAnswer(canLeadOn))}
                className="quiz-add-answer"
              >
                {t('builder.addAnswer')}
              </Button>
            </section>
          )}
        </Form.List>
        {failure && <Alert type="error" showIcon title={failure} className="resource-form-alert" />}
        <div className="resource-form-actions">
          {question && (
            <Button danger onClick={confirmDelete} loading={remove.isPending}>
              {t('builder.delete')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('builder.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
