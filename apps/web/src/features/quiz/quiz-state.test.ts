import { describe, expect, it } from 'vitest';
import { quizStage } from './quiz-state.ts';

const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-21T10:00:00.000Z';

describe('quizStage', () => {
  it('is a draft until validated, then validated until published', () => {
    expect(quizStage({ validatedAt: null, publishedAt: null, publishedVersion: null })).toEqual({
      kind: 'draft',
    });
    expect(quizStage({ validatedAt: T1, publishedAt: null, publishedVersion: null })).toEqual({
      kind: 'validated',
    });
  });

  it('is published as validated, with no pending changes', () => {
    expect(quizStage({ validatedAt: T1, publishedAt: T2, publishedVersion: 3 })).toEqual({
      kind: 'published',
      version: 3,
      hasPendingChanges: false,
    });
  });

  it('has pending changes when changed after publishing, validated again or not', () => {
    expect(quizStage({ validatedAt: null, publishedAt: T1, publishedVersion: 1 })).toMatchObject({
      hasPendingChanges: true,
    });
    expect(quizStage({ validatedAt: T2, publishedAt: T1, publishedVersion: 1 })).toMatchObject({
      hasPendingChanges: true,
    });
  });
});
