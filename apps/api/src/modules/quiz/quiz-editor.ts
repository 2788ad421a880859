import { ErrorCode } from '@scentia/shared/error-codes';
import { answerProblem, questionProblem } from '@scentia/shared/quiz.rules';
import {
  QUIZ_LIMITS,
  type QuestionSaveBody,
  type QuizDetail,
  type TreeMoveBody,
  treeMoveFromBody,
} from '@scentia/shared/quiz.schemas';
import { isPermittedParent } from '@scentia/shared/quiz-graph';
import { AppError, type FieldProblem, invalidFields } from '../../lib/app-error.ts';
import { toSearchText } from '../../lib/search-text.ts';
import type { QuizRepository } from './quiz.repository.ts';
import { QuizBankRepository } from './quiz-bank.repository.ts';
import { lockFor } from './quiz-lock.ts';
import { QuizTreeRepository } from './quiz-tree.repository.ts';

type EditorDeps = { repository: QuizRepository; detail: (id: number) => Promise<QuizDetail> };

/** Where each answer rule's problem shows in the form. */
const ANSWER_FIELD: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.QUIZ_ANSWER_REQUIRED]: 'desc',
  [ErrorCode.QUIZ_FRAGRANCE_REQUIRED]: 'fragrances',
  [ErrorCode.QUIZ_FRAGRANCE_DUPLICATE]: 'fragrances',
  [ErrorCode.QUIZ_NEXT_REQUIRED]: 'nextQuizQuestionId',
  [ErrorCode.QUIZ_MOVE_NOT_PERMITTED]: 'isAnswerFinish',
};

/** The shared rules of a question's save (spec §5 Quiz), before anything is read. */
function assertQuestionRules(body: QuestionSaveBody): void {
  const question = questionProblem(body);
  if (question) {
    const path = question === ErrorCode.QUIZ_QUESTION_REQUIRED ? 'quest' : 'answers';
    throw new AppError(question, { fields: [{ path, key: question }] });
  }
  body.answers.forEach((answer, index) => {
    const code = answerProblem(answer);
    if (code)
      throw new AppError(code, { fields: [{ path: `answers.${index}.${ANSWER_FIELD[code]}`, key: code }] });
  });
  const kept = body.answers.flatMap((answer) => answer.quizQuestionAnswerId ?? []);
  const twice = kept.findIndex((id, index) => kept.indexOf(id) !== index);
  if (twice >= 0)
    throw invalidFields({ path: `answers.${twice}.quizQuestionAnswerId`, key: 'field.duplicate' });
}

const fail = (problems: FieldProblem[]) => {
  if (problems.length > 0) throw invalidFields(...problems);
};

/**
 * The draft's editor: a question with its whole answer set, a question's removal and the tree's three
 * moves. Each runs in one transaction that locks the quiz first (changes of one quiz take turns, and a
 * refused one writes nothing), refuses an inactive quiz or a stale version, and ends by clearing the
 * validation and bumping `updated_at`. Each answers the quiz's record as it then is.
 */
export function createQuizEditor({ repository, detail }: EditorDeps) {
  return {
    async saveQuestion(body: QuestionSaveBody): Promise<QuizDetail> {
      assertQuestionRules(body);
      await repository.transaction(async (tx) => {
        const quiz = await lockFor(tx, body.quizId, 'edit', body.updatedAt);
        // The campaign's collection holds still until this save commits (a campaign save waits).
        await tx.lockCampaign(quiz.campaignId);
        const tree = new QuizTreeRepository(tx.db);
        const bank = new QuizBankRepository(tx.db);
        const { quizQuestionId } = body;

        if (quizQuestionId !== undefined) {
          const own = await tree.questionsOf(quiz.id, [quizQuestionId]);
          if (!own.has(quizQuestionId)) throw new AppError(ErrorCode.NOT_FOUND);
        } else if (quiz.questionCount >= QUIZ_LIMITS.questions) {
          throw invalidFields({
            path: 'quizId',
            key: 'field.tooManyItems',
            params: { max: QUIZ_LIMITS.questions },
          });
        }
        const existing =
          quizQuestionId === undefined ? new Set<number>() : await tree.answersOf(quizQuestionId);
        const nextIds = body.answers.flatMap((answer) => answer.nextQuizQuestionId ?? []);
        // One statement after the other: the transaction's connection runs one at a time.
        const bankQuestions = await bank.questionsIn(quiz.language, body.questionId ? [body.questionId] : []);
        const bankAnswers = await bank.answersIn(
          quiz.language,
          body.answers.flatMap((answer) => answer.answerId ?? []),
        );
        const questions = await tree.questionsOf(quiz.id, nextIds);
        const collection = await tree.collection(quiz.campaignId);
        const inCollection = new Map(collection.map((entry) => [entry.fragranceId, entry.isActive]));

        const problems: FieldProblem[] = [];
        if (body.questionId && !bankQuestions.has(body.questionId)) {
          problems.push({ path: 'questionId', key: 'field.invalidOption' });
        }
        body.answers.forEach((answer, index) => {
          const at = `answers.${index}`;
          if (answer.quizQuestionAnswerId !== undefined && !existing.has(answer.quizQuestionAnswerId)) {
            problems.push({ path: `${at}.quizQuestionAnswerId`, key: 'field.invalidOption' });
          }
          if (answer.answerId && !bankAnswers.has(answer.answerId)) {
            problems.push({ path: `${at}.answerId`, key: 'field.invalidOption' });
          }
          if (answer.nextQuizQuestionId && !questions.has(answer.nextQuizQuestionId)) {
            problems.push({ path: `${at}.nextQuizQuestionId`, key: 'field.invalidOption' });
          }
        });
        fail(problems);
        body.answers.forEach((answer, index) => {
          answer.fragrances.forEach((fragranceId, position) => {
            const path = `answers.${index}.fragrances.${position}`;
            const active = inCollection.get(fragranceId);
            if (active === undefined) {
              throw new AppError(ErrorCode.QUIZ_FRAGRANCE_NOT_IN_COLLECTION, {
                fields: [{ path, key: ErrorCode.QUIZ_FRAGRANCE_NOT_IN_COLLECTION }],
              });
            }
            if (!active) problems.push({ path, key: 'field.fragranceInactive' });
          });
        });
        fail(problems);

        // New bank texts in one order (by their normalised text), so that two saves adding the same
        // texts never wait for each other in a circle.
        const questionId = body.questionId || (await bank.questionFor(quiz.language, body.quest ?? ''));
        const labels = [
          ...new Set(body.answers.flatMap((answer) => (answer.answerId ? [] : [answer.desc ?? '']))),
        ];
        labels.sort((a, b) => toSearchText(a).localeCompare(toSearchText(b)));
        const labelIds = new Map<string, number>();
        for (const label of labels) labelIds.set(label, await bank.answerFor(quiz.language, label));

        const id = quizQuestionId ?? (await tree.insertQuestion(quiz.id, questionId));
        if (quizQuestionId !== undefined) await tree.updateQuestion(id, questionId);
        await tree.removeAnswersExcept(
          id,
          body.answers.flatMap((answer) => answer.quizQuestionAnswerId ?? []),
        );
        for (const [position, answer] of body.answers.entries()) {
          const values = {
            answerId: answer.answerId || (labelIds.get(answer.desc ?? '') as number),
            description: answer.description || null,
            isFinal: answer.isAnswerFinish,
            nextQuestionId: answer.isAnswerFinish ? null : (answer.nextQuizQuestionId ?? null),
            position,
          };
          let answerId = answer.quizQuestionAnswerId;
          if (answerId === undefined) answerId = await tree.insertAnswer(quiz.id, id, values);
          else await tree.updateAnswer(answerId, values);
          await tree.replaceOptions(quiz.id, answerId, answer.isAnswerFinish ? answer.fragrances : []);
        }
        await tx.touch(quiz.id);
      });
      return detail(body.quizId);
    },

    /** `DELETE /api/question/{quizQuestionId}`: answers that led to it lead nowhere. */
    async deleteQuestion(quizQuestionId: number): Promise<QuizDetail> {
      const quizId = await repository.transaction(async (tx) => {
        const owner = await new QuizTreeRepository(tx.db).quizOf(quizQuestionId);
        if (owner === undefined) throw new AppError(ErrorCode.NOT_FOUND);
        const quiz = await lockFor(tx, owner, 'edit');
        if (!(await new QuizTreeRepository(tx.db).deleteQuestion(quiz.id, quizQuestionId))) {
          throw new AppError(ErrorCode.NOT_FOUND);
        }
        await tx.touch(quiz.id);
        return quiz.id;
      });
      return detail(quizId);
    },

    /** `PUT /api/quiz/updateTree/{quizId}`: one of the three moves to a permitted parent. */
    async moveNode(quizId: number, body: TreeMoveBody): Promise<QuizDetail> {
      const move = treeMoveFromBody(body);
      if (!move) throw new AppError(ErrorCode.QUIZ_MOVE_NOT_PERMITTED);
      await repository.transaction(async (tx) => {
        const quiz = await lockFor(tx, quizId, 'edit', body.updatedAt);
        const tree = new QuizTreeRepository(tx.db);
        const notPermitted = () => new AppError(ErrorCode.QUIZ_MOVE_NOT_PERMITTED);
        const answerOf = async (id: number) => {
          const answer = await tree.answer(quiz.id, id);
          if (!answer) throw new AppError(ErrorCode.NOT_FOUND);
          return answer;
        };
        const questionOf = async (id: number) => {
          if (!(await tree.questionsOf(quiz.id, [id])).has(id)) throw new AppError(ErrorCode.NOT_FOUND);
        };
        switch (move.nodeType) {
          case 'fragrance': {
            const option = await tree.option(quiz.id, move.fragranceOptionId);
            if (!option) throw new AppError(ErrorCode.NOT_FOUND);
            const target = await answerOf(move.newQuizQuestionAnswerId);
            const parent = {
              nodeType: 'answer' as const,
              isAnswerFinish: target.isFinal,
              fragranceIds: target.fragranceIds,
            };
            if (!isPermittedParent({ nodeType: 'fragrance', fragranceId: option.fragranceId }, parent))
              throw notPermitted();
            await tree.moveOption(option.id, target.id);
            break;
          }
          case 'question': {
            const answer = await answerOf(move.quizQuestionAnswerId);
            await questionOf(move.nextQuestionId);
            const parent = {
              nodeType: 'answer' as const,
              isAnswerFinish: answer.isFinal,
              fragranceIds: answer.fragranceIds,
            };
            if (!isPermittedParent({ nodeType: 'question' }, parent)) throw notPermitted();
            await tree.setNextQuestion(answer.id, move.nextQuestionId);
            break;
          }
          case 'answer': {
            const answer = await answerOf(move.quizQuestionAnswerId);
            await questionOf(move.newQuizQuestionId);
            await tree.moveAnswer(answer.id, move.newQuizQuestionId);
            break;
          }
        }
        await tx.touch(quiz.id);
      });
      return detail(quizId);
    },
  };
}
