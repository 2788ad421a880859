import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { bearer } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { wordsSplitAcrossLines } from './support/layout.ts';
import {
  type CampaignWithSlots,
  createCampaignWithSlots,
  createQuiz,
  saveQuestion,
} from './support/quiz-play.ts';
import { openSignedIn } from './support/session.ts';

/** A campaign whose slot 1 a quiz answer recommends (a draft: the lock holds before publishing). */
async function campaignWithAnsweredSlot(request: Parameters<typeof bearer>[0]): Promise<CampaignWithSlots> {
  const campaign = await createCampaignWithSlots(request, uniqueName('Campanha travada'));
  const quizId = await createQuiz(request, campaign, 'pt-BR', uniqueName('Quiz da trava'));
  const fragranceId = campaign.collection.find((entry) => entry.slot === 1)?.fragranceId;
  await saveQuestion(request, {
    quizId,
    quest: 'Qual aroma combina com a loja?',
    answers: [{ desc: 'O primeiro', isAnswerFinish: true, fragrances: [fragranceId as number] }],
  });
  return campaign;
}

const ring = (page: Page, name: string) => page.getByRole('group', { name });

test('a slot a quiz answer recommends is locked on the campaign form, says why, and the rest still saves', async ({
  page,
  request,
}) => {
  const campaign = await campaignWithAnsweredSlot(request);
  const [first, second] = campaign.collection.map((entry) => entry.fragrance.name) as [string, string];
  await openSignedIn(page);
  await page.goto(`/admin/campaigns/${campaign.campaignId}/update`);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(campaign.name);

  // The table: slot 1 cannot be cleared and says why; slot 2 can.
  const clearLocked = page.getByRole('button', { name: 'Esvaziar o slot 1' });
  await expect(clearLocked).toBeDisabled();
  await expect(
    page.getByText('Bloqueado: uma resposta de quiz desta campanha recomenda esta fragrância'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Esvaziar o slot 2' })).toBeEnabled();

  // The ring names the lock, and the slot's picker cannot refill it.
  const slots = ring(page, 'Slots do dispositivo');
  await slots.getByRole('button', { name: `Slot 1: ${first} (bloqueado por uma resposta de quiz)` }).click();
  await expect(
    page.getByText(`O slot 1 está bloqueado: uma resposta de quiz desta campanha recomenda ${first}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByLabel('Fragrância do slot 1', { exact: true })).toBeDisabled();
  expect(await seriousViolations(page, '.device-editor')).toEqual([]);

  // Slot 2 is free: cleared and saved, with slot 1 as it was.
  await page.getByRole('button', { name: 'Esvaziar o slot 2' }).click();
  await expect(slots.getByRole('button', { name: 'Slot 2: vazio' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/admin/campaigns');
  const saved = await request.get(`/api/campaigns/${campaign.campaignId}`, {
    headers: await bearer(request),
  });
  const collection = ((await saved.json()) as CampaignWithSlots).collection;
  expect(collection.map((entry) => [entry.slot, entry.fragrance.name])).toEqual([[1, first]]);
  expect(second).not.toBe(first);
});

test('the lock says why in English and in Spanish', async ({ page, request }) => {
  const campaign = await campaignWithAnsweredSlot(request);
  await openSignedIn(page);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(`/admin/campaigns/${campaign.campaignId}/update`);
  await expect(page.getByRole('button', { name: 'Empty slot 1' })).toBeDisabled();
  await expect(
    page.getByText("Locked: an answer of this campaign's quiz recommends this fragrance"),
  ).toBeVisible();

  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.reload();
  await expect(
    page.getByText('Bloqueado: una respuesta del quiz de esta campaña recomienda esta fragancia'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vaciar el slot 1' })).toBeDisabled();
});

test('the server refuses a save that clears a locked slot behind the form’s back', async ({ request }) => {
  const campaign = await campaignWithAnsweredSlot(request);
  const headers = { ...(await bearer(request)), 'Content-Language': 'en-US' };
  const response = await request.put(`/api/campaigns/${campaign.campaignId}`, {
    headers,
    multipart: {
      name: campaign.name,
      'descriptions[0][language]': 'pt-BR',
      'descriptions[0][description]': 'Campanha do quiz',
      'collection[0][fragranceId]': String(campaign.collection[1]?.fragranceId),
      'collection[0][slot]': '2',
    },
  });
  expect(response.status()).toBe(409);
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe('CAMPAIGN_SLOT_HAS_ANSWER');
  expect(body.message).toContain('Slot 1');
});

test('on a 375 px phone the slot table keeps its words whole', async ({ page, request }) => {
  const campaign = await campaignWithAnsweredSlot(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  await page.goto(`/admin/campaigns/${campaign.campaignId}/update`);
  await expect(page.locator('.slot-table-locked-note')).toContainText('Bloqueado: uma resposta de quiz');
  const fragranceColumn = page.locator('.slot-table-fragrance, th:has-text("Fragrância")');
  expect(await wordsSplitAcrossLines(fragranceColumn)).toEqual([]);
});
