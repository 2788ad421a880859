import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import {
  branchingQuizTexts,
  campaignWithCollection,
  createQuizThroughApi,
  type EditorQuiz,
  editorWrite,
  leadTo,
  questionNamed,
  readQuiz,
  treeItem,
} from './support/quiz.ts';
import { openSignedIn } from './support/session.ts';

const answerBox = (page: Page, number: number) => page.getByRole('group', { name: `Resposta ${number}` });
const answerText = (page: Page, number: number) =>
  answerBox(page, number).getByLabel('Texto da resposta', { exact: true });

/** Presses Tab until `target` has the focus: the keyboard's only way there. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 150; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the field');
}

async function saved(page: Page, save: () => Promise<void>) {
  const write = editorWrite(page, '/api/question/add-update', 'POST');
  await save();
  expect((await write).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Editar pergunta' })).toBeVisible();
}

/** A new quiz's editor, with the texts of its three questions. */
async function newQuiz(page: Page, request: Parameters<typeof campaignWithCollection>[0]) {
  const campaign = await campaignWithCollection(request, uniqueName('Campanha primeira vez'));
  const tag = uniqueName('').trim();
  const { quizId } = await createQuizThroughApi(request, `Quiz primeira vez ${tag}`, campaign.campaignId);
  await openSignedIn(page);
  // No question yet: the editor shows no tree, and the builder waits for the first one.
  await page.goto(`/admin/quiz/${quizId}/update`);
  await expect(page.getByText('Nenhuma pergunta ainda.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nova pergunta' })).toBeVisible();
  const fragrances = campaign.collection.map((slot) => slot.fragrance.name) as [string, string, string];
  const texts = {
    ...branchingQuizTexts(tag),
    morning: `Manhã ${tag}`,
    night: `Noite ${tag}`,
  };
  return { quizId, fragrances, texts };
}

/** The tree the author meant: the entry's answers lead to the second and third questions. */
function expectTree(quiz: EditorQuiz, texts: Awaited<ReturnType<typeof newQuiz>>['texts']) {
  expect(quiz.questions).toHaveLength(3);
  const entry = questionNamed(quiz, texts.entry);
  expect(entry.answers.map((answer) => [answer.answer.label, answer.nextQuestionId])).toEqual([
    [texts.calm, questionNamed(quiz, texts.second).quizQuestionId],
    [texts.lively, questionNamed(quiz, texts.third).quizQuestionId],
  ]);
  expect(questionNamed(quiz, texts.second).answers[0]?.isAnswerFinish).toBe(true);
  expect(questionNamed(quiz, texts.third).answers[0]?.isAnswerFinish).toBe(true);
}

test('a first-time author builds a three-question quiz with the mouse, typing new texts only', async ({
  page,
  request,
}) => {
  test.slow();
  const { quizId, fragrances, texts } = await newQuiz(page, request);

  // Nothing chosen in the tree: its tools say why they wait, to the pointer and to a screen reader.
  const move = page.getByRole('button', { name: 'Mover para…' });
  await expect(move).toBeDisabled();
  await expect(move).toHaveAccessibleDescription(/Escolha um item da árvore/);
  await expect(page.getByRole('button', { name: 'Editar pergunta' })).toHaveAccessibleDescription(
    /Escolha um item da árvore/,
  );
  await page.locator('.quiz-tree-tool').first().hover();
  await expect(page.getByRole('tooltip')).toContainText('Escolha um item da árvore');
  expect(await seriousViolations(page)).toEqual([]);

  // The first question: nowhere to go yet, so its answer starts final. A typed text counts once the
  // field is left, without picking "Usar “…”".
  await expect(answerBox(page, 1).getByRole('radio', { name: 'Final, com fragrâncias' })).toBeChecked();
  await page.getByLabel('Pergunta', { exact: true }).click();
  await page.keyboard.type(texts.entry);
  await answerText(page, 1).click();
  await page.keyboard.type(texts.calm);
  await answerBox(page, 1).getByRole('checkbox', { name: fragrances[0] }).click();
  await saved(page, () => page.getByRole('button', { name: 'Salvar pergunta' }).click());

  for (const [quest, answer, fragrance] of [
    [texts.second, texts.morning, fragrances[1]],
    [texts.third, texts.night, fragrances[2]],
  ] as const) {
    await page.getByRole('button', { name: 'Nova pergunta' }).click();
    await expect(page.getByRole('heading', { name: 'Nova pergunta' })).toBeVisible();
    await page.getByLabel('Pergunta', { exact: true }).click();
    await page.keyboard.type(quest);
    await answerText(page, 1).click();
    await page.keyboard.type(answer);
    await answerBox(page, 1).getByRole('radio', { name: 'Final, com fragrâncias' }).check();
    await answerBox(page, 1).getByRole('checkbox', { name: fragrance }).click();
    await saved(page, () => page.getByRole('button', { name: 'Salvar pergunta' }).click());
  }

  // The entry's answers now lead on.
  await treeItem(page, 'Pergunta', texts.entry).dblclick();
  await expect(answerText(page, 1)).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar resposta' }).click();
  await answerText(page, 2).click();
  await page.keyboard.type(texts.lively);
  await leadTo(page, answerBox(page, 1), texts.second);
  await leadTo(page, answerBox(page, 2), texts.third);
  await saved(page, () => page.getByRole('button', { name: 'Salvar pergunta' }).click());
  expectTree(await readQuiz(request, quizId), texts);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a first-time author builds the same quiz with the keyboard only', async ({ page, request }) => {
  test.slow();
  const { quizId, fragrances, texts } = await newQuiz(page, request);
  const save = async () => {
    await tabTo(page, page.getByRole('button', { name: 'Salvar pergunta' }));
    await page.keyboard.press('Enter');
  };
  /** Types a new text in the typeahead `label` of `scope`, reached by Tab; Tab takes it. */
  const typeNew = async (scope: Page | Locator, label: string, text: string) => {
    const field = scope.getByLabel(label, { exact: true });
    await tabTo(page, field);
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    const item = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
    await expect(item.last()).toContainText(text);
  };
  /** Picks the `position`th question (1-based) in the next-question select reached by Tab. */
  const pickNext = async (number: number, position: number) => {
    await tabTo(page, answerBox(page, number).getByLabel('Próxima pergunta', { exact: true }));
    await page.keyboard.press('Enter');
    for (let step = 1; step < position; step += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  };

  await typeNew(page, 'Pergunta', texts.entry);
  await typeNew(answerBox(page, 1), 'Texto da resposta', texts.calm);
  await tabTo(page, answerBox(page, 1).getByRole('checkbox', { name: fragrances[0] }));
  await page.keyboard.press('Space');
  await saved(page, save);

  for (const [quest, answer, fragrance] of [
    [texts.second, texts.morning, fragrances[1]],
    [texts.third, texts.night, fragrances[2]],
  ] as const) {
    await tabTo(page, page.getByRole('button', { name: 'Nova pergunta' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nova pergunta' })).toBeVisible();
    await typeNew(page, 'Pergunta', quest);
    await typeNew(answerBox(page, 1), 'Texto da resposta', answer);
    // The answer starts leading on (there are questions now): the arrow makes it final.
    await tabTo(page, answerBox(page, 1).getByRole('radio', { name: 'Leva a outra pergunta' }));
    await page.keyboard.press('ArrowRight');
    await expect(answerBox(page, 1).getByRole('radio', { name: 'Final, com fragrâncias' })).toBeChecked();
    await tabTo(page, answerBox(page, 1).getByRole('checkbox', { name: fragrance }));
    await page.keyboard.press('Space');
    await saved(page, save);
  }

  // In the tree, Enter on the entry question opens it in the builder.
  await tabTo(page, page.locator('[role="treeitem"][tabindex="0"]'));
  await page.keyboard.press('Home');
  await expect(treeItem(page, 'Pergunta', texts.entry)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answerBox(page, 1)).toContainText(texts.calm);
  await tabTo(page, answerBox(page, 1).getByRole('radio', { name: 'Final, com fragrâncias' }));
  await page.keyboard.press('ArrowLeft');
  await pickNext(1, 1);
  await tabTo(page, page.getByRole('button', { name: 'Adicionar resposta' }));
  await page.keyboard.press('Enter');
  await typeNew(answerBox(page, 2), 'Texto da resposta', texts.lively);
  await pickNext(2, 2);
  await saved(page, save);
  expectTree(await readQuiz(request, quizId), texts);
  expect(await seriousViolations(page)).toEqual([]);
});
