import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { bearer } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import {
  BRANCHING_TEXTS,
  createBranchingQuiz,
  createCampaignWithSlots,
  playSession,
  publishQuiz,
} from './support/quiz-play.ts';
import { openSignedIn } from './support/session.ts';

/** The demo's published quiz in Portuguese (its played sessions span the last 60 days). */
const DEMO_QUIZ = 'Descubra o aroma da sua loja';

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

async function demoQuizId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/quiz', {
    headers: await bearer(request),
    params: { search: DEMO_QUIZ, isActive: 'true' },
  });
  const rows = ((await response.json()) as { data: { quizId: number; name: string }[] }).data;
  const row = rows.find((candidate) => candidate.name === DEMO_QUIZ);
  if (!row) throw new Error('the demo data has no published quiz in Portuguese');
  return row.quizId;
}

test('on the demo data, at 375 px, the panel shows the period’s figures, each chart as a table too, and no serious axe finding', async ({
  page,
  request,
}) => {
  const quizId = await demoQuizId(request);
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page);
  await openAnalytics(page, quizId);
  await expect(card(page, 'Inícios')).not.toHaveText('0');
  const starts = Number((await card(page, 'Inícios').textContent())?.replace(/\D/g, ''));
  const completions = Number((await card(page, 'Conclusões').textContent())?.replace(/\D/g, ''));
  // A realistic drop-off: most finish, not all.
  expect(completions).toBeGreaterThan(0);
  expect(completions).toBeLessThan(starts);

  const funnel = chartSection(page, 'Abandono por pergunta');
  await funnel.getByRole('button', { name: 'Ver como tabela' }).click();
  const rows = await tableRows(funnel.getByRole('table'));
  expect(rows.length).toBeGreaterThanOrEqual(3);
  // The entry is reached by every session started in the period.
  expect(Number(rows[0]?.[1]?.replace(/\D/g, ''))).toBe(starts);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, '.quiz-analytics')).toEqual([]);

  // Keyboard: the period picker and each chart's toggle are reachable and work from the keys.
  await page.getByRole('combobox', { name: 'Período' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Período' })).toBeFocused();
  await expect(page.locator('.quiz-analytics-period-select')).toContainText('Últimos 90 dias');
  // The demo's sessions span 60 days: the longer period counts more of them.
  await expect
    .poll(async () => Number((await card(page, 'Inícios').textContent())?.replace(/\D/g, '')))
    .toBeGreaterThan(starts);
});
