import { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import type { AppQuiz, QuizSessionEventsBody } from '@scentia/shared/quiz-sessions.schemas';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { applyEvents, checkEventsAgainst, indexPublication, type PlayIndex } from './quiz-session-play.ts';
import type { QuizSessionsRepository } from './quiz-sessions.repository.ts';

/** Publications are immutable: their indexes are kept, the most recently used first out last. */
const MAX_CACHED_PUBLICATIONS = 200;

/** The counters' shard of a session: from the last hex digit of its UUID, 0–3. */
export const shardOf = (sessionId: string) => Number.parseInt(sessionId.slice(-1), 16) % 4;

export function createQuizSessionsService(deps: {
  repository: QuizSessionsRepository;
  storage: Pick<FileStorage, 'urlFor'>;
}) {
  const { repository, storage } = deps;
  const indexes = new Map<string, PlayIndex>();

  async function publicationIndex(quizId: number, version: number): Promise<PlayIndex | undefined> {
    const key = `${quizId}:${version}`;
    const cached = indexes.get(key);
    if (cached) {
      indexes.delete(key);
      indexes.set(key, cached);
      return cached;
    }
    const snapshot = await repository.publication(quizId, version);
    if (!snapshot) return undefined;
    const index = indexPublication(snapshot);
    indexes.set(key, index);
    if (indexes.size > MAX_CACHED_PUBLICATIONS) indexes.delete(indexes.keys().next().value as string);
    return index;
  }

  return {
    /** The published quiz a campaign plays in a language, with its fragrances as they are now. */
    async appQuiz(campaignId: number, language: Language): Promise<AppQuiz> {
      const snapshot = await repository.latestPublication(campaignId, language);
      if (!snapshot) throw new AppError(ErrorCode.NOT_FOUND);
      const ids = [
        ...new Set(snapshot.questions.flatMap((q) => q.answers.flatMap((answer) => answer.fragranceIds))),
      ];
      const rows = await repository.fragrances(ids, language);
      const fragrances = await Promise.all(
        rows.map(async (row) => ({
          fragranceId: row.id,
          name: row.name,
          description: row.description,
          image:
            row.image_key && row.thumbnail_key
              ? {
                  tempUri: await storage.urlFor(row.image_key),
                  thumbnailUri: await storage.urlFor(row.thumbnail_key),
                }
              : null,
        })),
      );
      return { ...snapshot, fragrances };
    },

    /**
     * Records a batch of one session's events. A new session must play the quiz's latest published
     * version; a session already started goes on with the version it started on (a publication in
     * the meantime does not cut it short). Events of another account's session answer 404, as an
     * unknown one would; events of an abandoned session 409.
     */
    async recordEvents(account: Account, body: QuizSessionEventsBody) {
      const quiz = await repository.playableQuiz(body.quizId);
      if (!quiz?.isActive || quiz.publishedVersion === null) throw new AppError(ErrorCode.QUIZ_NOT_PUBLISHED);
      const index = await publicationIndex(body.quizId, body.version);
      if (!index) throw new AppError(ErrorCode.QUIZ_NOT_PUBLISHED);
      checkEventsAgainst(index, body.events);
      // A seq sent twice in one batch is one event: the first is kept.
      const events = body.events.filter(
        (event, position) => body.events.findIndex((other) => other.seq === event.seq) === position,
      );
      const { recorded } = await repository.recordBatch({
        session: {
          id: body.sessionId,
          quizId: body.quizId,
          version: body.version,
          language: quiz.language,
          userId: account.id,
        },
        shard: shardOf(body.sessionId),
        entryQuestionId: index.entryQuestionId,
        mayCreate: body.version === quiz.publishedVersion,
        events,
        check: (session) => {
          // A new session on a version that is no longer (or not yet) the published one.
          if (!session) throw new AppError(ErrorCode.QUIZ_NOT_PUBLISHED);
          if (session.userId !== account.id) throw new AppError(ErrorCode.NOT_FOUND);
          if (session.quizId !== body.quizId || session.version !== body.version)
            throw new AppError(ErrorCode.QUIZ_NOT_PUBLISHED);
          if (session.isAbandoned) throw new AppError(ErrorCode.QUIZ_SESSION_ABANDONED);
        },
        count: (session, newEvents, allEvents) => applyEvents(index, session, newEvents, allEvents),
      });
      return { recorded, duplicates: body.events.length - recorded };
    },
  };
}

export type QuizSessionsService = ReturnType<typeof createQuizSessionsService>;
