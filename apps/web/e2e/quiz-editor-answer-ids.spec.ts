import { expect, test } from '@playwright/test';
import { bearer } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import {
  campaignWithCollection,
  createQuizThroughApi,
  editorWrite,
  openEditor,
  readQuiz,
  saveQuestionThroughApi,
  treeItem,
  typeText,
} from './support/quiz.ts';
import { openSignedIn } from './support/session.ts';

type TrailEvent = { action: string; changes: { table: string; kind: string }[] };

test('saving an edited question keeps its untouched answers, their ids and their fragrance options', async ({
  page,
  request,
}) => {
  const campaign = await campaignWithCollection(request, uniqueName('Campanha ids'));
  const [f1, f2] = campaign.collection.map((slot) => slot.fragranceId) as [number, number];
  const tag = uniqueName('').trim();
  const quest = `Que aroma? ${tag}`;
  const { quizId } = await createQuizThroughApi(request, `Quiz ids ${tag}`, campaign.campaignId);
  const saved = await saveQuestionThroughApi(request, quizId, quest, [
    { desc: `Fresco ${tag}`, fragrances: [f1] },
    { desc: `Doce ${tag}`, fragrances: [f2] },
  ]);
  const before = saved.questions[0];
  if (!before) throw new Error('the question was not saved');

  await openSignedIn(page);
  await openEditor(page, quizId);
  await treeItem(page, 'Pergunta', quest).dblclick();
  await expect(page.getByRole('heading', { name: 'Editar pergunta' })).toBeVisible();
  // Only an answer added: the two there are left as they are.
  await page.getByRole('button', { name: 'Adicionar resposta' }).click();
  const added = page.getByRole('group', { name: 'Resposta 3' });
  await typeText(page, added.getByLabel('Texto da resposta', { exact: true }), `Amadeirado ${tag}`, true);
  await added.getByRole('radio', { name: 'Final, com fragrâncias' }).check();
  await added.getByRole('checkbox', { name: campaign.collection[0]?.fragrance.name as string }).check();
  const write = editorWrite(page, '/api/question/add-update', 'POST');
  await page.getByRole('button', { name: 'Salvar pergunta' }).click();
  expect((await write).status()).toBe(200);

  const after = (await readQuiz(request, quizId)).questions[0];
  const kept = (answers: typeof before.answers) =>
    answers.slice(0, 2).map((answer) => ({
      id: answer.quizQuestionAnswerId,
      options: answer.fragranceOptions.map((option) => option.fragranceOptionId),
    }));
  expect(after?.answers).toHaveLength(3);
  expect(kept(after?.answers ?? [])).toEqual(kept(before.answers));

  // The trail of that save: one answer and its option created, nothing deleted.
  const trail = await request.get(`/api/audit?recordType=quiz&recordId=${quizId}`, {
    headers: await bearer(request),
  });
  expect(trail.status()).toBe(200);
  const [event] = ((await trail.json()) as { data: TrailEvent[] }).data;
  expect(event?.action).toBe('postQuestionAddUpdate');
  expect(event?.changes.filter((change) => change.kind === 'deleted')).toEqual([]);
  expect(event?.changes.filter((change) => change.kind === 'created').length).toBeGreaterThan(0);
});
