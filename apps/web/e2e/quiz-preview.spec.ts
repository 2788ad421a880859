import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tabTo } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { bearer } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import {
  BRANCHING_TEXTS,
  createBranchingQuiz,
  createCampaignWithSlots,
  type QuizLanguage,
} from './support/quiz-play.ts';
import { openSignedIn } from './support/session.ts';

/** The player's own labels, in the quiz's language (here the viewer's as well). */
const PLAYER: Record<
  QuizLanguage,
  {
    short: string;
    tab: string;
    question: (n: number) => string;
    recommended: string;
    back: string;
    restart: string;
  }
> = {
  'pt-BR': {
    short: 'pt',
    tab: 'Pré-visualização',
    question: (n) => `Pergunta ${n}`,
    recommended: 'Fragrâncias recomendadas',
    back: 'Voltar uma pergunta',
    restart: 'Recomeçar',
  },
  'en-US': {
    short: 'en',
    tab: 'Preview',
    question: (n) => `Question ${n}`,
    recommended: 'Recommended fragrances',
    back: 'Back one question',
    restart: 'Start over',
  },
  'es-ES': {
    short: 'es',
    tab: 'Vista previa',
    question: (n) => `Pregunta ${n}`,
    recommended: 'Fragancias recomendadas',
    back: 'Volver una pregunta',
    restart: 'Empezar de nuevo',
  },
};

const stepHeading = (page: Page) => page.locator('.quiz-preview-screen h3');

/** Tabs to the answer button `label` and presses Enter: the next step's heading takes the focus. */
async function answerByKeyboard(page: Page, label: string) {
  await tabTo(page, page.getByRole('button', { name: label, exact: true }), 4);
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toBeFocused();
}

for (const language of Object.keys(PLAYER) as QuizLanguage[]) {
  test(`the preview walks a ${language} quiz by keyboard, question by question, to its recommended fragrances`, async ({
    page,
    request,
  }) => {
    const texts = BRANCHING_TEXTS[language];
    const labels = PLAYER[language];
    const campaign = await createCampaignWithSlots(request, uniqueName('Campanha prévia'));
    const quiz = await createBranchingQuiz(request, campaign, language, uniqueName('Quiz prévia'));
    const fragranceNames = campaign.collection.map((entry) => entry.fragrance.name);
    const writes: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() !== 'GET' && sent.url().includes('/api/'))
        writes.push(`${sent.method()} ${sent.url()}`);
    });

    await openSignedIn(page);
    await page.evaluate((short) => localStorage.setItem('language', short), labels.short);
    await page.goto(`/admin/quiz/${quiz.quizId}/update`);
    await page.getByRole('tab', { name: labels.tab }).click();
    await expect(stepHeading(page)).toHaveText(`${labels.question(1)}${texts.entry}`);
    // The quiz's own texts and the player's labels carry its language.
    await expect(stepHeading(page).locator(`[lang="${language}"]`)).toHaveText([
      labels.question(1),
      texts.entry,
    ]);
    writes.length = 0;

    await answerByKeyboard(page, texts.leadsOn);
    await expect(stepHeading(page)).toHaveText(`${labels.question(2)}${texts.second}`);
    await answerByKeyboard(page, texts.leadsToThird);
    await expect(stepHeading(page)).toHaveText(`${labels.question(3)}${texts.third}`);
    await answerByKeyboard(page, texts.endsDay);
    await expect(stepHeading(page)).toHaveText(labels.recommended);

    const cards = page.locator('.quiz-preview-fragrance');
    await expect(cards).toHaveText(fragranceNames);
    const images = cards.locator('img');
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) {
      await expect
        .poll(() =>
          image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
        )
        .toBe(true);
    }

    await page.getByRole('button', { name: labels.back }).click();
    await expect(stepHeading(page)).toHaveText(`${labels.question(3)}${texts.third}`);
    await page.getByRole('button', { name: labels.restart }).click();
    await expect(stepHeading(page)).toHaveText(`${labels.question(1)}${texts.entry}`);
    // A preview is not a played session: it posts nothing.
    expect(writes).toEqual([]);
  });
}

test('at 375 px the preview fits the screen, ends on a recommendation, and has no serious axe finding', async ({
  page,
  request,
}) => {
  const texts = BRANCHING_TEXTS['pt-BR'];
  const campaign = await createCampaignWithSlots(request, uniqueName('Campanha prévia estreita'));
  const quiz = await createBranchingQuiz(request, campaign, 'pt-BR', uniqueName('Quiz prévia estreita'));
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page);
  await page.goto(`/admin/quiz/${quiz.quizId}/update`);
  await page.getByRole('tab', { name: 'Pré-visualização' }).click();
  await expect(stepHeading(page)).toContainText(texts.entry);
  expect(await seriousViolations(page, '.quiz-preview')).toEqual([]);

  await page.getByRole('button', { name: texts.endsWarm }).click();
  await expect(stepHeading(page)).toHaveText('Fragrância recomendada');
  await expect(page.locator('.quiz-preview-fragrance')).toHaveText([
    campaign.collection[1]?.fragrance.name ?? '',
  ]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, '.quiz-preview')).toEqual([]);
});

/** The demo's draft with a problem: its third question was deleted, so "Azedinho" leads nowhere. */
async function demoDraftId(request: APIRequestContext): Promise<number> {
  const name = 'Degustação no balcão';
  const response = await request.get('/api/quiz', {
    headers: await bearer(request),
    params: { search: name },
  });
  const rows = ((await response.json()) as { data: { quizId: number; name: string }[] }).data;
  const row = rows.find((candidate) => candidate.name === name);
  if (!row) throw new Error('the demo data has no draft quiz with a problem');
  return row.quizId;
}

test("on the demo's unfinished draft, the preview stops where an answer leads nowhere and says why", async ({
  page,
  request,
}) => {
  const quizId = await demoDraftId(request);
  await openSignedIn(page);
  await page.goto(`/admin/quiz/${quizId}/update`);
  await page.getByRole('tab', { name: 'Pré-visualização' }).click();
  await expect(stepHeading(page)).toHaveText('Pergunta 1Qual cítrico você quer provar primeiro?');
  await page.getByRole('button', { name: 'Laranja', exact: true }).click();
  await page.getByRole('button', { name: 'Azedinho', exact: true }).click();
  await expect(stepHeading(page)).toHaveText('O percurso não pode continuar');
  await expect(stepHeading(page)).toBeFocused();
  await expect(
    page.getByText('Esta resposta não é final e não leva a nenhuma pergunta', { exact: false }),
  ).toBeVisible();
  // Back to where the walk can go on.
  await page.getByRole('button', { name: 'Voltar uma pergunta' }).click();
  await expect(stepHeading(page)).toHaveText('Pergunta 2Você prefere o doce ou o azedinho?');
});
