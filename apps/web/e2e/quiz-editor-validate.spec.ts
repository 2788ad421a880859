import { expect, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { uniqueName } from './support/catalog.ts';
import {
  campaignWithCollection,
  createQuizThroughApi,
  editorWrite,
  openEditor,
  questionNamed,
  saveQuestionThroughApi,
  treeItem,
} from './support/quiz.ts';
import { openSignedIn } from './support/session.ts';

test('validate shows a problem on its node; once fixed, the quiz is validated and published', async ({
  page,
  request,
}) => {
  const campaign = await campaignWithCollection(request, uniqueName('Campanha validar'));
  const [f1, f2, f3] = campaign.collection.map((slot) => slot.fragranceId) as [number, number, number];
  const tag = uniqueName('').trim();
  const name = `Quiz validar ${tag}`;
  const texts = { entry: `Que clima? ${tag}`, second: `Qual nota? ${tag}`, orphan: `Pergunta solta ${tag}` };
  const { quizId } = await createQuizThroughApi(request, name, campaign.campaignId);
  await saveQuestionThroughApi(request, quizId, texts.entry, [{ desc: `Fresco ${tag}`, fragrances: [f1] }]);
  let quiz = await saveQuestionThroughApi(request, quizId, texts.second, [
    { desc: `Cítrica ${tag}`, fragrances: [f2] },
  ]);
  const entry = questionNamed(quiz, texts.entry);
  quiz = await saveQuestionThroughApi(
    request,
    quizId,
    texts.entry,
    [
      {
        desc: `Fresco ${tag}`,
        next: questionNamed(quiz, texts.second).quizQuestionId,
        quizQuestionAnswerId: entry.answers[0]?.quizQuestionAnswerId,
      },
      { desc: `Quente ${tag}`, fragrances: [f3] },
    ],
    entry.quizQuestionId,
  );
  // No answer leads to this one.
  await saveQuestionThroughApi(request, quizId, texts.orphan, [{ desc: `Solta ${tag}`, fragrances: [f3] }]);

  await openSignedIn(page);
  await openEditor(page, quizId);
  const validate = page.getByRole('button', { name: 'Validar' });
  const publish = page.getByRole('button', { name: 'Publicar' });
  await expect(publish).toBeDisabled();
  await expect(page.getByText('Valide o quiz antes de publicar.')).toBeVisible();

  // Refused: the problem is listed, and its link takes the focus to its node, marked too.
  const refused = editorWrite(page, `/api/quiz/validate/${quizId}`);
  await validate.click();
  expect((await refused).status()).toBe(400);
  const problems = page.getByRole('alert').filter({ hasText: '1 problema a corrigir antes de validar' });
  const problem = problems.getByRole('button', {
    name: `Pergunta “${texts.orphan}”: nenhuma resposta leva a esta pergunta`,
  });
  await problem.click();
  const orphan = treeItem(page, 'Pergunta', texts.orphan);
  await expect(orphan).toBeFocused();
  await expect(orphan).toContainText('nenhuma resposta leva a esta pergunta');

  // Fixed: the orphan question is deleted from the builder, opened from its node with Enter.
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Pergunta', { exact: true })).toBeVisible();
  await expect(page.locator('.quiz-builder')).toContainText(texts.orphan);
  await page.getByRole('button', { name: 'Excluir pergunta' }).click();
  const deleted = editorWrite(page, '/api/question/', 'DELETE');
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir pergunta' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByText('Nenhum problema encontrado: o quiz pode ser validado.')).toBeVisible();

  // Validated, then published: the list shows the published version.
  const validated = editorWrite(page, `/api/quiz/validate/${quizId}`);
  await validate.click();
  expect((await validated).status()).toBe(200);
  await expect(page.locator('.page-heading')).toContainText('Validado');
  await expect(validate).toBeDisabled();
  const published = editorWrite(page, `/api/quiz/publish/${quizId}`);
  await publish.click();
  expect((await published).status()).toBe(200);
  await expect(page.locator('.page-heading')).toContainText('Publicado v1');
  await expect(publish).toBeDisabled();

  await page.goto('/admin/quiz');
  await page.getByRole('searchbox', { name: 'Pesquisar pelo nome do quiz ou da campanha' }).fill(name);
  await expect(tableRow(page, name)).toContainText('Publicado v1');
});
