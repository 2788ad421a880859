import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import { createLocationThroughApi, createOrganizationThroughApi } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

/** The location's edit page, its schedule card once the record is loaded. */
async function openSchedule(page: Page, locationId: number) {
  await page.goto(`/admin/locations/${locationId}/update`);
  const card = page.getByRole('region', { name: 'Agenda' });
  await expect(card).toBeVisible();
  return card;
}

/** One day's list of ranges in the card, by the day's name. */
const day = (card: ReturnType<Page['getByRole']>, name: string) =>
  card.getByRole('list', { name, exact: true });

test('a schedule crossing midnight is edited by keyboard, saved, read again, and copied to another location', async ({
  page,
  request,
}) => {
  // A week edited by keyboard, saved, read back and copied: near 45 s on a loaded two-core CI machine.
  test.slow();
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Noturna'));
  const source = await createLocationThroughApi(
    request,
    organization.organizationId,
    uniqueName('Bar Centro'),
  );
  const target = await createLocationThroughApi(
    request,
    organization.organizationId,
    uniqueName('Bar Praia'),
  );

  await openSignedIn(page);
  let card = await openSchedule(page, source.locationId);
  await expect(card).toContainText('Horários no fuso do local: America/Sao_Paulo');
  await expect(day(card, 'Sexta-feira')).toContainText('Não difunde');

  // Friday 22:00–02:00 at 120 shots an hour, typed: the dialog's fields are reached with Tab.
  await card.getByRole('button', { name: 'Adicionar intervalo em Sexta-feira' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Adicionar intervalo' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Início').fill('22:00');
  await dialog.getByLabel('Fim').fill('02:00');
  await dialog.getByLabel('Intensidade').fill('120');
  await expect(dialog).toContainText('Vai de Sexta-feira 22:00 até Sábado 02:00.');
  await dialog.getByLabel('Intensidade').press('Enter');
  await expect(dialog).toBeHidden();

  // Drawn on both days: the evening on Friday, the night on Saturday.
  await expect(day(card, 'Sexta-feira')).toContainText('22:00–02:00 (Sábado) · 120 disparos/hora');
  await expect(day(card, 'Sábado')).toContainText('00:00–02:00, continuação de Sexta-feira 22:00');
  await expect(card.locator('.schedule-bar')).toHaveCount(2);

  // A Saturday range inside that night is refused in the dialog, naming the range it overlaps.
  await card.getByRole('button', { name: 'Adicionar intervalo em Sábado' }).click();
  const overlapping = page.getByRole('dialog', { name: 'Adicionar intervalo' });
  await overlapping.getByLabel('Início').fill('01:00');
  await overlapping.getByLabel('Fim').fill('03:00');
  await expect(overlapping.getByRole('alert')).toContainText(
    'Este intervalo se sobrepõe a outro da agenda: Sexta-feira 22:00–02:00',
  );
  await overlapping.getByRole('button', { name: 'Aplicar' }).click();
  await expect(overlapping).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlapping).toBeHidden();

  // Copying waits for the save: the saved schedule is the one copied.
  await expect(card.getByRole('button', { name: 'Copiar para outros locais' })).toBeDisabled();
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === `/api/locations/schedule/${source.locationId}`,
  );
  await card.getByRole('button', { name: 'Salvar agenda' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Agenda salva')).toBeVisible();

  await page.reload();
  card = page.getByRole('region', { name: 'Agenda' });
  await expect(day(card, 'Sexta-feira')).toContainText('22:00–02:00 (Sábado) · 120 disparos/hora');
  await expect(day(card, 'Sábado')).toContainText('00:00–02:00, continuação de Sexta-feira 22:00');
  // The location's history writes its schedule in words, not as the stored JSON: the change (newest
  // first), then the creation's empty schedule.
  const schedules = page
    .locator('section.record-history')
    .getByRole('listitem')
    .filter({ hasText: /^Agenda: / });
  await expect(schedules).toHaveText([
    'Agenda: Não difunde → Sex. 22:00–02:00, 120 disparos/h',
    'Agenda: Não difunde',
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  // Copy to the other location: chosen by typing its name, confirmed, said in a dialog.
  await card.getByRole('button', { name: 'Copiar para outros locais' }).click();
  const copy = page.getByRole('dialog', { name: `Copiar a agenda de ${source.name}` });
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(copy).toContainText('Escolha ao menos um local');
  const targets = copy.getByLabel('Locais', { exact: true });
  await targets.fill(target.name);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: target.name })
    .click();
  await expect(copy).toContainText(target.name);
  // A click beside the select closes its options, which would cover the dialog's buttons.
  await copy.getByText(`A agenda salva de ${source.name} substitui`).click();
  expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
  await copy.getByRole('button', { name: 'Copiar', exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Substituir a agenda de 1 local?' });
  await confirm.getByRole('button', { name: 'Substituir' }).click();
  const done = page.getByRole('dialog').filter({ hasText: 'Agenda copiada para 1 local' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(copy).toBeHidden();

  card = await openSchedule(page, target.locationId);
  await expect(day(card, 'Sexta-feira')).toContainText('22:00–02:00 (Sábado) · 120 disparos/hora');
  await expect(day(card, 'Sábado')).toContainText('00:00–02:00, continuação de Sexta-feira 22:00');
  await expect(day(card, 'Domingo')).toContainText('Não difunde');
});

test('at 375 px the week is a list per day, without the tracks and without horizontal scrolling', async ({
  page,
  request,
}) => {
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Estreita'));
  const location = await createLocationThroughApi(
    request,
    organization.organizationId,
    uniqueName('Quiosque'),
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  const card = await openSchedule(page, location.locationId);
  await card.getByRole('button', { name: 'Adicionar intervalo em Domingo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar intervalo' });
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
  await expect(day(card, 'Domingo')).toContainText('08:00–18:00 · 60 disparos/hora');
  await expect(card.locator('.schedule-track').first()).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
