import { DeleteOutlined } from '@ant-design/icons';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { Button, Col, Form, Input, Radio, Row, Select } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { bankAnswersSource } from '../api/search-bank-texts.ts';
import { type AnswerField, type AnswerValues, answerFieldProblem } from '../question-form-values.ts';
import { FragrancePicker } from './fragrance-picker.tsx';

type AnswerFieldsProps = {
  quiz: QuizDetail;
  /** The question being edited (not offered as its own answers' next question). */
  quizQuestionId: number | undefined;
  /** The answer's place in the form list. */
  name: number;
  number: number;
  onRemove: () => void;
};

/**
 * One answer of the builder: its text (a bank label or a new one), its description, and either
 * "final, with fragrances" or "next question", each checked by the shared rule (spec §5 Quiz).
 */
export function AnswerFields({ quiz, quizQuestionId, name, number, onRemove }: AnswerFieldsProps) {
  const { t } = useTranslation('quiz');
  const form = Form.useFormInstance();
  const answer = Form.useWatch(['answers', name], form) as Partial<AnswerValues> | undefined;
  const isFinal = answer?.kind === 'final';
  const loaded = quiz.questions
    .flatMap((question) => question.answers)
    .find((found) => found.quizQuestionAnswerId === answer?.quizQuestionAnswerId);

  // The shared rule, read on the whole answer, shows its message under the field it concerns.
  const rule = (field: AnswerField) => (): RuleObject => ({
    validator: async () => {
      const code = answerFieldProblem(form.getFieldValue(['answers', name]), field);
      if (code) throw new Error(t(`errors.${code}`));
    },
  });
  const dependencies = [['answers', name, 'kind']];

  return (
    <fieldset className="quiz-answer">
      <legend>{t('builder.answerLegend', { number })}</legend>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        className="quiz-answer-remove"
        aria-label={t('builder.removeAnswer', { number })}
        onClick={onRemove}
      />
      {/* Registered, so the submitted values keep it: antd hands `onFinish` only the fields it has,
          and an answer sent without its id is deleted and created again under a new one. */}
      <Form.Item name={[name, 'quizQuestionAnswerId']} hidden noStyle>
        <Input type="hidden" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'desc']} label={t('builder.answer')} rules={[rule('desc')]} required>
            <TypeaheadSelect
              {...bankAnswersSource(quiz.language)}
              canCreate
              placeholder={t('builder.questionPlaceholder')}
              aria-required
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'description']} label={t('builder.description')}>
            <Input maxLength={500} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name={[name, 'kind']} label={t('builder.kind')}>
            <Radio.Group
              options={[
                { value: 'next', label: t('builder.kindNext') },
                { value: 'final', label: t('builder.kindFinal') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          {isFinal ? (
            <Form.Item
              name={[name, 'fragrances']}
              label={t('builder.fragrances')}
              rules={[rule('fragrances')]}
              dependencies={dependencies}
              required
            >
              <FragrancePicker
                collection={quiz.campaign.collection}
                current={(loaded?.fragranceOptions ?? []).map((option) => ({
                  fragranceId: option.fragranceId,
                  name: option.fragrance.name,
                }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name={[name, 'nextQuizQuestionId']}
              label={t('builder.next')}
              rules={[rule('nextQuizQuestionId')]}
              dependencies={dependencies}
              required
            >
              <Select
                allowClear
                placeholder={t('builder.nextPlaceholder')}
                options={quiz.questions
                  .filter((question) => question.quizQuestionId !== quizQuestionId)
                  .map((question) => ({ value: question.quizQuestionId, label: question.question.quest }))}
                aria-required
              />
            </Form.Item>
          )}
        </Col>
      </Row>
    </fieldset>
  );
}
