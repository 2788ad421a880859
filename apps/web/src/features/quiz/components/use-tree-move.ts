import { ErrorCode } from '@scentia/shared/error-codes';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { moveQuizNode, useQuizWrite } from '../api/quiz-editor-mutations.ts';
import type { MoveTarget } from '../quiz-tree-model.ts';

/** Spec §9: after a refused move the quiz is read again 2 s later. */
const RELOAD_AFTER_REFUSAL_MS = 2000;

/**
 * A tree move (`updateTree`). A refused one says 'Action does not permitted' (the server's message,
 * spec §8; any other failure 'Error') and reads the quiz again after 2 s, since the tree on screen
 * was not the server's. Moves carry no version: each is checked against the tree as it is then.
 */
export function useTreeMove(quizId: number, reload: () => Promise<unknown>) {
  const { t } = useTranslation('quiz');
  const { message } = App.useApp();
  const write = useQuizWrite(quizId, moveQuizNode);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return async function move(target: MoveTarget): Promise<boolean> {
    try {
      await write.mutateAsync(target.body);
      void message.success(t('tree.moved'));
      return true;
    } catch (error) {
      const isRefused = isApiError(error) && error.code === ErrorCode.QUIZ_MOVE_NOT_PERMITTED;
      const text = isRefused ? error.message || t('errors.QUIZ_MOVE_NOT_PERMITTED') : t('tree.moveError');
      void message.error(`${text}. ${t('tree.reloading')}`);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void reload(), RELOAD_AFTER_REFUSAL_MS);
      return false;
    }
  };
}
