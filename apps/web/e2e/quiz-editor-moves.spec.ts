import { expect, test } from '@playwright/test';
import { uniqueName } from './support/catalog.ts';
import {
  campaignWithCollection,
  createQuizThroughApi,
  dragOnto,
  editorWrite,
  openEditor,
  questionNamed,
  readQuiz,
  saveQuestionThroughApi,
  treeItem,
} from './support/quiz.ts';
import { openSignedIn } from './support/session.ts';

/**
 * A quiz whose entry question leads to the second through "Fresco" and to the third through "Quente";
 * the second and third end with one fragrance each.
 */
async function branchingQuiz(request: Parameters<typeof campaignWithCollection>[0]) {
  const campaign = await campaignWithCollection(request, uniqueName('Campanha moves'));
  const [f1, f2, f3] = campaign.collection.map((slot) => slot.fragranceId) as [number, number, number];
  const tag = uniqueName('').trim();
  const texts = {
    entry: `Que clima? ${tag}`,
    fresh: `Fresco ${tag}`,
    warm: `Quente ${tag}`,
    second: `Qual nota? ${tag}`,
    citrus: `Cítrica ${tag}`,
    third: `Qual hora? ${tag}`,
    day: `De dia ${tag}`,
  };
  const { quizId } = await createQuizThroughApi(request, `Quiz moves ${tag}`, campaign.campaignId);
  await saveQuestionThroughApi(request, quizId, texts.entry, [
    { desc: texts.fresh, fragrances: [f1] },
    { desc: texts.warm, fragrances: [f1] },
  ]);
  await saveQuestionThroughApi(request, quizId, texts.second, [{ desc: texts.citrus, fragrances: [f2] }]);
  let quiz = await saveQuestionThroughApi(request, quizId, texts.third, [
    { desc: texts.day, fragrances: [f3] },
  ]);
  const entry = questionNamed(quiz, texts.entry);
  const [fresh, warm] = entry.answers;
  quiz = await saveQuestionThroughApi(
    request,
    quizId,
    texts.entry,
    [
      {
        desc: texts.fresh,
        next: questionNamed(quiz, texts.second).quizQuestionId,
        quizQuestionAnswerId: fresh?.quizQuestionAnswerId,
      },
      {
        desc: texts.warm,
        next: questionNamed(quiz, texts.third).quizQuestionId,
        quizQuestionAnswerId: warm?.quizQuestionAnswerId,
      },
    ],
    entry.quizQuestionId,
  );
  return { quiz, campaign, texts, fragrances: { f1, f2, f3 } };
}

test('a fragrance moves to another final answer by keyboard only, and keeps the focus', async ({
  page,
  request,
}) => {
  const { quiz, campaign, texts } = await branchingQuiz(request);
  const citrusFragrance = campaign.collection[1]?.fragrance.name as string;
  await openSignedIn(page);
  await openEditor(page, quiz.quizId);

  // The tree is one tab stop, on its first item; the arrows walk it: entry, Fresco, second, Cítrica, its fragrance.
  const entry = treeItem(page, 'Pergunta', texts.entry);
  await expect(entry).toHaveAttribute('tabindex', '0');
  await entry.focus();
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown');
  const fragrance = treeItem(page, 'Fragrância', citrusFragrance);
  await expect(fragrance).toBeFocused();
  await expect(fragrance).toHaveAttribute('aria-level', '5');

  // M offers only the permitted places: the final answers that do not recommend it yet.
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog', { name: `Mover “${citrusFragrance}” para…` });
  const targets = dialog.getByRole('button', { name: /^Sob resposta/ });
  await expect(targets).toHaveCount(1);
  await expect(targets.first()).toHaveText(`Sob resposta: ${texts.day} (${texts.third})`);
  await expect(targets.first()).toBeFocused();
  const moved = editorWrite(page, `/api/quiz/updateTree/${quiz.quizId}`);
  await page.keyboard.press('Enter');
  expect((await moved).status()).toBe(200);

  // The focus is back on the moved node, now under the third question's answer.
  await expect(dialog).toBeHidden();
  await expect(fragrance).toBeFocused();
  await expect(fragrance).toHaveAttribute('aria-level', '5');
  const after = await readQuiz(request, quiz.quizId);
  const day = questionNamed(after, texts.third).answers[0];
  expect(day?.fragranceOptions.map((option) => option.fragrance.name)).toContain(citrusFragrance);
  expect(questionNamed(after, texts.second).answers[0]?.fragranceOptions).toEqual([]);
});

test('a drag the server refuses says so, and the quiz is read again after 2 s', async ({ page, request }) => {
  const { quiz, texts, fragrances } = await branchingQuiz(request);
  await openSignedIn(page);
  await openEditor(page, quiz.quizId);
  const warm = treeItem(page, 'Resposta', texts.warm);
  await expect(warm).not.toContainText('final');

  // Behind the editor's back, "Quente" becomes final: the tree on screen still shows it leading on.
  const entry = questionNamed(quiz, texts.entry);
  await saveQuestionThroughApi(
    request,
    quiz.quizId,
    texts.entry,
    entry.answers.map((answer, index) =>
      index === 0
        ? {
            desc: answer.answer.label,
            next: answer.nextQuestionId ?? undefined,
            quizQuestionAnswerId: answer.quizQuestionAnswerId,
          }
        : {
            desc: answer.answer.label,
            fragrances: [fragrances.f3],
            quizQuestionAnswerId: answer.quizQuestionAnswerId,
          },
    ),
    entry.quizQuestionId,
  );

  // Dropping the second question under "Quente" is permitted by the tree shown, refused by the server.
  const refused = editorWrite(page, `/api/quiz/updateTree/${quiz.quizId}`);
  const reloaded = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/quiz/${quiz.quizId}`) && response.request().method() === 'GET',
  );
  await dragOnto(page, treeItem(page, 'Pergunta', texts.second), warm);
  expect((await refused).status()).toBe(400);
  await expect(page.locator('.ant-message')).toContainText('Ação não permitida');

  // Then the quiz is read again: "Quente" now shows as final, with its fragrance.
  expect((await reloaded).status()).toBe(200);
  await expect(warm).toContainText('final');
  await expect(treeItem(page, 'Pergunta', texts.second)).toHaveAttribute('aria-level', '3');
});
