import { expect, type Page, test } from '@playwright/test';
import { rowDetails, tableRow } from './support/antd.ts';
import { uniqueName } from './support/catalog.ts';
import {
  branchingQuizTexts,
  campaignWithCollection,
  editorWrite,
  leadTo,
  readQuiz,
  treeItem,
  typeText,
} from './support/quiz.ts';
import { openSignedIn } from './support/session.ts';

/** The builder's answer `number` (its fieldset). */
const answerBox = (page: Page, number: number) => page.getByRole('group', { name: `Resposta ${number}` });

/** Saves the builder's question and waits for the quiz the save answers. */
async function saveQuestion(page: Page) {
  const saved = editorWrite(page, '/api/question/add-update', 'POST');
  await page.getByRole('button', { name: 'Salvar pergunta' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Editar pergunta' })).toBeVisible();
}

/** Fills answer `number` as a final answer recommending `fragrance`. */
async function finalAnswer(page: Page, number: number, text: string, isNew: boolean, fragrance: string) {
  const box = answerBox(page, number);
  await typeText(page, box.getByLabel('Texto da resposta', { exact: true }), text, isNew);
  await box.getByRole('radio', { name: 'Final, com fragrâncias' }).check();
  await box.getByRole('checkbox', { name: fragrance }).check();
}

test('an admin creates a quiz and builds a branching tree of three questions that reuses an answer text', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await campaignWithCollection(request, uniqueName('Campanha quiz'));
  const [first, second, third] = campaign.collection.map((slot) => slot.fragrance.name) as [
    string,
    string,
    string,
  ];
  const tag = uniqueName('').trim();
  const name = `Quiz das manhãs ${tag}`;
  const texts = branchingQuizTexts(tag);

  // The create form: the campaign typeahead offers the campaigns without a quiz in the language.
  await openSignedIn(page);
  await page.goto('/admin/quiz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quiz');
  await page.getByRole('button', { name: 'Novo quiz' }).click();
  await expect(page).toHaveURL('/admin/quiz/create');
  // The page is its own chunk: the list stays on screen until it has loaded.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novo quiz');
  await page.getByLabel('Nome', { exact: true }).fill(name);
  const campaignField = page.getByLabel('Campanha', { exact: true });
  const campaignItem = page.locator('.ant-form-item').filter({ has: campaignField });
  await campaignField.click();
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('/api/campaigns/without-quiz') &&
      new URL(response.url()).searchParams.get('str') === campaign.name,
  );
  await campaignField.fill(campaign.name);
  await searched;
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: campaign.name })
    .click();
  await expect(campaignItem).toContainText(campaign.name);
  // Another language has other campaigns without a quiz: the choice is cleared.
  await page.getByLabel('Idioma', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: /^Inglês$/ })
    .click();
  await expect(campaignItem).not.toContainText(campaign.name);
  await page.getByLabel('Idioma', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: /^Português$/ })
    .click();
  // Back in Portuguese, the same search is answered from the typeahead's cache.
  await campaignField.click();
  await campaignField.fill(campaign.name);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: campaign.name })
    .click();
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/quiz' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Salvar' }).click();
  const { quizId } = (await (await created).json()) as { quizId: number };
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Registro salvo com sucesso' })
    .getByRole('button', { name: 'Sair' })
    .click();
  await expect(page).toHaveURL('/admin/quiz');

  // The list shows it as a draft of the campaign, in Portuguese, without questions; its editor opens.
  await page.getByRole('searchbox', { name: 'Pesquisar pelo nome do quiz ou da campanha' }).fill(name);
  const row = tableRow(page, name);
  await expect(row).toContainText(campaign.name);
  await expect(row).toContainText('Rascunho');
  // The language is a low-priority column: at 1280 px it is in the row's expansion.
  await expect(await rowDetails(row)).toContainText('Português');
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(`/admin/quiz/${quizId}/update`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Nenhuma pergunta ainda.')).toBeVisible();

  // Saved empty, the builder says what spec §8 asks for, under each field. With no other question to
  // lead to, the first answer starts final.
  await expect(answerBox(page, 1).getByRole('radio', { name: 'Final, com fragrâncias' })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar pergunta' }).click();
  const builder = page.locator('.quiz-builder');
  await expect(builder).toContainText('Informe a pergunta');
  await expect(builder).toContainText('Informe a resposta');
  await expect(builder).toContainText('Escolha ao menos uma fragrância');
  await answerBox(page, 1).getByRole('button', { name: 'Remover resposta 1' }).click();
  await page.getByRole('button', { name: 'Salvar pergunta' }).click();
  await expect(builder).toContainText('Adicione ao menos uma resposta');
  await page.getByRole('button', { name: 'Adicionar resposta' }).click();

  // The entry question, with two new answer texts, both final for now.
  await typeText(page, page.getByLabel('Pergunta', { exact: true }), texts.entry, true);
  await finalAnswer(page, 1, texts.calm, true, first);
  await page.getByRole('button', { name: 'Adicionar resposta' }).click();
  await finalAnswer(page, 2, texts.lively, true, second);
  await saveQuestion(page);

  // The second and third questions reuse the entry's answer texts from the bank.
  for (const [quest, answer, fragrance] of [
    [texts.second, texts.calm, third],
    [texts.third, texts.lively, first],
  ] as const) {
    await page.getByRole('button', { name: 'Nova pergunta' }).click();
    await expect(page.getByRole('heading', { name: 'Nova pergunta' })).toBeVisible();
    await typeText(page, page.getByLabel('Pergunta', { exact: true }), quest, true);
    await finalAnswer(page, 1, answer, false, fragrance);
    await saveQuestion(page);
  }

  // The entry's answers now lead on: the calm one to the second question, the lively one to the third.
  await treeItem(page, 'Pergunta', texts.entry).dblclick();
  await expect(page.getByLabel('Pergunta', { exact: true })).toBeVisible();
  await expect(answerBox(page, 1)).toContainText(texts.calm);
  await leadTo(page, answerBox(page, 1), texts.second);
  await leadTo(page, answerBox(page, 2), texts.third);
  await saveQuestion(page);

  // The tree branches: each next question sits under the answer leading to it.
  await expect(treeItem(page, 'Pergunta', texts.entry)).toHaveAttribute('aria-level', '1');
  await expect(treeItem(page, 'Pergunta', texts.second)).toHaveAttribute('aria-level', '3');
  await expect(treeItem(page, 'Pergunta', texts.third)).toHaveAttribute('aria-level', '3');
  await expect(treeItem(page, 'Resposta', texts.calm)).toHaveCount(2);
  await expect(treeItem(page, 'Fragrância', third)).toHaveAttribute('aria-level', '5');

  // One bank text per answer text: the reused answers point at the same bank answer.
  const quiz = await readQuiz(request, quizId);
  const calm = quiz.questions
    .flatMap((question) => question.answers)
    .filter((answer) => answer.answer.label === texts.calm);
  expect(calm).toHaveLength(2);
  expect(calm[0]?.answerId).toBe(calm[1]?.answerId);
  expect(quiz.questions.map((question) => question.question.quest)).toEqual([
    texts.entry,
    texts.second,
    texts.third,
  ]);
});
