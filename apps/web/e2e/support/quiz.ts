import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { bearer, createCampaign } from './campaigns.ts';

export type EditorAnswer = {
  quizQuestionAnswerId: number;
  answerId: number;
  answer: { label: string };
  isAnswerFinish: boolean;
  nextQuestionId: number | null;
  fragranceOptions: { fragranceOptionId: number; fragranceId: number; fragrance: { name: string } }[];
};
export type EditorQuestion = { quizQuestionId: number; question: { quest: string }; answers: EditorAnswer[] };
export type EditorQuiz = {
  quizId: number;
  name: string;
  updatedAt: string;
  campaign: { name: string; collection: { fragranceId: number; fragrance: { name: string } }[] };
  questions: EditorQuestion[];
};

/** A campaign with `slots` fragrances in its collection, and what it holds. */
export async function campaignWithCollection(request: APIRequestContext, name: string, slots = 3) {
  const campaign = await createCampaign(request, name, slots);
  const response = await request.get(`/api/campaigns/${campaign.campaignId}`, {
    headers: await bearer(request),
  });
  const row = (await response.json()) as {
    campaignId: number;
    collection: { fragranceId: number; fragrance: { name: string } }[];
  };
  expect(row.collection).toHaveLength(slots);
  return { campaignId: row.campaignId, name, collection: row.collection };
}

export async function createQuizThroughApi(request: APIRequestContext, name: string, campaignId: number) {
  const response = await request.post('/api/quiz', {
    headers: await bearer(request),
    data: { name, campaignId, language: 'pt-BR' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { quizId: number };
}

export async function readQuiz(request: APIRequestContext, quizId: number): Promise<EditorQuiz> {
  const response = await request.get(`/api/quiz/${quizId}`, { headers: await bearer(request) });
  expect(response.status()).toBe(200);
  return (await response.json()) as EditorQuiz;
}

/** One answer of a question's save: final with fragrances, or leading to a question. */
export type AnswerSpec = {
  desc: string;
  fragrances?: number[];
  next?: number;
  quizQuestionAnswerId?: number;
};

/** POST /api/question/add-update; answers the quiz. */
export async function saveQuestionThroughApi(
  request: APIRequestContext,
  quizId: number,
  quest: string,
  answers: AnswerSpec[],
  quizQuestionId?: number,
): Promise<EditorQuiz> {
  const response = await request.post('/api/question/add-update', {
    headers: await bearer(request),
    data: {
      quizId,
      quizQuestionId,
      quest,
      answers: answers.map((answer) => ({
        quizQuestionAnswerId: answer.quizQuestionAnswerId,
        desc: answer.desc,
        isAnswerFinish: answer.fragrances !== undefined,
        nextQuizQuestionId: answer.next ?? null,
        fragrances: answer.fragrances ?? [],
      })),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as EditorQuiz;
}

export const questionNamed = (quiz: EditorQuiz, quest: string) =>
  quiz.questions.find((question) => question.question.quest === quest) as EditorQuestion;

/** Opens the editor of quiz `quizId` once its record has been read. */
export async function openEditor(page: Page, quizId: number) {
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith(`/api/quiz/${quizId}`) && response.request().method() === 'GET',
  );
  await page.goto(`/admin/quiz/${quizId}/update`);
  await loaded;
  await expect(page.getByRole('tree', { name: 'Árvore do quiz' })).toBeVisible();
}

/** The tree's item whose own line reads `text` (its kind, then its text). */
export function treeItem(
  page: Page,
  kind: 'Pergunta' | 'Resposta' | 'Fragrância' | 'Vai para',
  text: string,
): Locator {
  return page
    .getByRole('treeitem')
    .filter({ has: page.locator('.quiz-node-kind', { hasText: new RegExp(`^${kind}$`) }) })
    .filter({ has: page.locator('.quiz-node-label', { hasText: text }) });
}

/**
 * Drags `source` onto `target` with the mouse, in steps. Both are first made reachable by the pointer:
 * the target in view, and nothing over either (the splash stays a second after the app mounts); a
 * point past the viewport's edge or on the splash is over no tree node, and the drop would go nowhere.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await target.hover({ trial: true });
  await source.hover();
  const to = await target.boundingBox();
  if (!to) throw new Error('the drop target is not on the page');
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Waits for the answer of the editor's write to `path` (a tree move, a question's save…). */
export function editorWrite(page: Page, path: string, method = 'PUT') {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith(path) && response.request().method() === method,
  );
}

/** Makes the builder's answer `box` lead to the question `quest`, with the mouse. */
export async function leadTo(page: Page, box: Locator, quest: string) {
  await box.getByRole('radio', { name: 'Leva a outra pergunta' }).check();
  await box.getByLabel('Próxima pergunta', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: quest })
    .click();
}

/** Picks `text` in the bank typeahead `field` (typing it; a new text is offered as "Usar “…”"). */
export async function typeText(page: Page, field: Locator, text: string, isNew: boolean) {
  await field.click();
  const searched = page.waitForResponse((response) =>
    /\/api\/(question|answer)\/by-name/.test(response.url()),
  );
  await field.fill(text);
  await searched;
  const label = isNew ? `Usar “${text}”` : text;
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  await option.first().click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts of the three-question quiz the build journeys write, unique by `tag`. */
export function branchingQuizTexts(tag: string) {
  return {
    entry: `Que ambiente você prefere? ${tag}`,
    calm: `Tranquilo ${tag}`,
    lively: `Animado ${tag}`,
    second: `Qual nota combina? ${tag}`,
    third: `Para qual momento? ${tag}`,
  };
}
