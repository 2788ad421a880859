import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import {
  BRANCHING_TEXTS,
  createBranchingQuiz,
  createCampaignWithSlots,
  playSession,
  publishQuiz,
} from './support/quiz-play.ts';
import { openSignedIn } from './support/session.ts';

async function openAnalytics(page: Page, quizId: number) {
  await page.goto(`/admin/quiz/${quizId}/update`);
  await page.getByRole('tab', { name: 'Resultados' }).click();
  await expect(page.locator('.quiz-analytics')).toBeVisible();
}

const card = (page: Page, name: string) =>
  page
    .locator('.quiz-analytics-card')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd');
const barValue = (chart: Locator, label: string) =>
  chart
    .locator('.quiz-bar')
    .filter({ has: chart.page().getByText(label, { exact: true }) })
    .locator('.quiz-bar-value');
const chartSection = (page: Page, title: string) =>
  page.locator('.quiz-chart').filter({ has: page.getByRole('heading', { name: title }) });

/** The rows of a table as the text of their cells. */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

test('the analytics panel counts the sessions the app posted: cards, drop-off, answers, recommendations and the download', async ({
  page,
  request,
}) => {
  const texts = BRANCHING_TEXTS['pt-BR'];
  const campaign = await createCampaignWithSlots(request, uniqueName('Campanha análise'));
  const [first, second] = campaign.collection as [
    (typeof campaign.collection)[number],
    (typeof campaign.collection)[number],
  ];
  const draft = await createBranchingQuiz(request, campaign, 'pt-BR', uniqueName('Quiz análise'));
  const quiz = await publishQuiz(request, draft.quizId);
  // Six sessions: three end on citrus, one on warm, one goes the long way, one stops after one answer.
  for (let played = 0; played < 3; played += 1) {
    await playSession(request, quiz, [texts.leadsOn, texts.endsCitrus], [first.fragranceId]);
  }
  await playSession(request, quiz, [texts.endsWarm], [second.fragranceId]);
  await playSession(
    request,
    quiz,
    [texts.leadsOn, texts.leadsToThird, texts.endsDay],
    [first.fragranceId, second.fragranceId],
  );
  await playSession(request, quiz, [texts.leadsOn]);

  await openSignedIn(page);
  await openAnalytics(page, quiz.quizId);
  await expect(card(page, 'Inícios')).toHaveText('6');
  await expect(card(page, 'Conclusões')).toHaveText('5');
  await expect(card(page, 'Taxa de conclusão')).toHaveText('83,3%');

  const funnel = chartSection(page, 'Abandono por pergunta');
  await expect(barValue(funnel, texts.second)).toHaveText('5 chegaram · 0 saíram');
  await funnel.getByRole('button', { name: 'Ver como tabela' }).click();
  const funnelTable = funnel.getByRole('table', { name: 'Abandono por pergunta' });
  await expect(funnelTable).toBeVisible();
  expect(await tableRows(funnelTable)).toEqual([
    [texts.entry, '6', '100%', '0'],
    [texts.second, '5', '83,3%', '0'],
    [texts.third, '1', '16,7%', '0'],
  ]);

  const answers = chartSection(page, 'Respostas por pergunta');
  await expect(barValue(answers, texts.leadsOn)).toHaveText('5 (83,3%)');
  await expect(barValue(answers, texts.endsWarm)).toHaveText('1 (16,7%)');
  await expect(barValue(answers, texts.endsCitrus)).toHaveText('3 (75%)');
  const recommendations = chartSection(page, 'Recomendações por fragrância');
  await expect(barValue(recommendations, first.fragrance.name)).toHaveText('4');
  await expect(barValue(recommendations, second.fragrance.name)).toHaveText('2');
  expect(await seriousViolations(page, '.quiz-analytics')).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar resultados (.xlsx)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
