import { ErrorCode } from '@scentia/shared/error-codes';
import { type QuizAction, quizActionRefusal } from '@scentia/shared/quiz.rules';
import {
  QUIZ_TEXT_SEARCH,
  type QuizCreateBody,
  type QuizDetail,
  type QuizLanguage,
  type QuizRow,
  type QuizUpdateBody,
} from '@scentia/shared/quiz.schemas';
import { AppError } from '../../lib/app-error.ts';
import { kitService } from '../../lib/resource-kit/kit-service.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { guardUniqueName, recordStates } from '../../lib/resource-kit/record-states.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { type QuizRecord, type QuizRepository, quizList } from './quiz.repository.ts';
import { QuizBankRepository } from './quiz-bank.repository.ts';
import { type ImageOf, toQuizDetail, toQuizRow } from './quiz-detail.ts';
import { createQuizEditor } from './quiz-editor.ts';
import { lockFor, stateOf } from './quiz-lock.ts';
import { createQuizPublishing } from './quiz-publish.ts';
import { QuizTreeRepository } from './quiz-tree.repository.ts';

/** A campaign has one quiz per language (inactive ones included, until deleted for good). */
const UNIQUE_CODES = { quizzes_campaign_language_key: ErrorCode.QUIZ_CAMPAIGN_TAKEN };

export type QuizServiceDeps = { repository: QuizRepository; storage: FileStorage };

/**
 * Quizzes (spec §2, §4 Quiz, §7): the list and record on the resource kit, the draft's editor
 * (`quiz-editor.ts`), validation and publication (`quiz-publish.ts`) and the banks' typeaheads.
 * Every change of a quiz locks its row first, so changes of one quiz take turns.
 */
export function createQuizService({ repository, storage }: QuizServiceDeps) {
  const reads = recordReads({ list: quizList, reader: repository.reader, toRow: toQuizRow });
  const { getRecord } = reads;
  const states = recordStates({
    reads,
    writes: repository.writes,
    refusal: (record: QuizRecord, action: QuizAction) => quizActionRefusal(stateOf(record), action),
    // A quiz of an inactive campaign stays inactive (the statement checks it again, locking the campaign).
    beforeActivate: async (record) => {
      if (record.campaignDeletedAt) throw new AppError(ErrorCode.CAMPAIGN_INACTIVE);
    },
  });

  const imageOf: ImageOf = async (imageKey, thumbnailKey) =>
    imageKey && thumbnailKey
      ? { tempUri: await storage.urlFor(imageKey), thumbnailUri: await storage.urlFor(thumbnailKey) }
      : null;

  /** The whole record in one answer: six statements whatever the quiz's size. */
  async function detail(id: number): Promise<QuizDetail> {
    const record = await getRecord(id);
    const tree = new QuizTreeRepository(repository.db);
    const [stored, collection] = await Promise.all([tree.readTree(id), tree.collection(record.campaignId)]);
    return toQuizDetail(record, stored, collection, imageOf);
  }

  const bank = new QuizBankRepository(repository.db);
  /** A typeahead of bank texts: nothing under 3 characters, at most 10. */
  const bankSearch =
    <T>(search: (language: QuizLanguage, text: string, limit: number) => Promise<T[]>) =>
    async (language: QuizLanguage, text: string): Promise<T[]> =>
      text.trim().length < QUIZ_TEXT_SEARCH.minLength
        ? []
        : search(language, text.trim(), QUIZ_TEXT_SEARCH.limit);

  /**
   * Its own create and update rather than `recordSaves`: a quiz is created for a campaign it locks (an
   * unknown one is a 404, an inactive one its own 409), and an update is a change of the draft, which
   * locks the quiz as every change of it does (`lockFor`) and clears its validation.
   */
  const saves = {
    /** `POST /api/quiz`: an active campaign without a quiz in the language. */
    async create(body: QuizCreateBody): Promise<QuizRow> {
      const id = await guardUniqueName(
        () =>
          repository.transaction(async (tx) => {
            const campaign = await tx.lockCampaign(body.campaignId);
            if (!campaign) throw new AppError(ErrorCode.NOT_FOUND);
            if (!campaign.isActive) throw new AppError(ErrorCode.CAMPAIGN_INACTIVE);
            return tx.insert({ name: body.name, campaignId: body.campaignId, language: body.language });
          }),
        UNIQUE_CODES,
      );
      return toQuizRow(await getRecord(id));
    },

    /** `PUT /api/quiz/{id}`: the name of an active quiz (a change: no longer validated). */
    async update(id: number, body: QuizUpdateBody): Promise<QuizRow> {
      await repository.transaction(async (tx) => {
        await lockFor(tx, id, 'edit', body.updatedAt);
        await tx.touch(id, { name: body.name });
      });
      return toQuizRow(await getRecord(id));
    },
  };

  return {
    ...kitService({ reads, states, saves }),
    /** `GET /api/quiz/{id}` answers the whole quiz (its questions and answers), more than a row. */
    get: detail,

    ...createQuizEditor({ repository, detail }),
    ...createQuizPublishing({ repository, detail }),

    searchQuestions: bankSearch((language, text, limit) => bank.searchQuestions(language, text, limit)),
    searchAnswers: bankSearch((language, text, limit) => bank.searchAnswers(language, text, limit)),
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
