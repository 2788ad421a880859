import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { chooseOption, formItem } from './support/antd.ts';
import { openSignedIn } from './support/session.ts';
import { createUserThroughApi } from './support/users.ts';

/** DD/MM/YYYY of the day `years` years before today. */
function yearsAgo(years: number): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
}

const birthdayOf = (page: Page) => page.getByLabel('Data de nascimento', { exact: true });

test.describe('the birthday of the user form', () => {
  test('a birthday under 12 years typed by hand is refused with its message; the save sends the day shown', async ({
    page,
    request,
  }) => {
    const user = await createUserThroughApi(request, {
      nome: 'Bia Aniversario',
      email: uniqueEmail('aniver'),
    });
    await openSignedIn(page);
    await page.goto(`/admin/users/${user.id}/update`);
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(user.nome);
    const save = page.getByRole('button', { name: 'Salvar' });

    const tooYoung = yearsAgo(11);
    await birthdayOf(page).fill(tooYoung);
    await birthdayOf(page).press('Tab');
    await expect(birthdayOf(page)).toHaveValue(tooYoung);
    await expect(formItem(page, 'Data de nascimento')).toContainText('A idade mínima é de 12 anos');
    await expect(save).toBeDisabled();

    // An unfinished day does not stay on screen beside a value the form does not hold.
    await birthdayOf(page).fill('25/11/20');
    await birthdayOf(page).press('Tab');
    await expect(birthdayOf(page)).not.toHaveValue('25/11/20');

    // Enter commits the day and does not submit the form.
    await birthdayOf(page).fill('15/03/1990');
    await birthdayOf(page).press('Enter');
    await expect(birthdayOf(page)).toHaveValue('15/03/1990');
    await expect(formItem(page, 'Data de nascimento')).not.toContainText('A idade mínima');
    await expect(page).toHaveURL(`/admin/users/${user.id}/update`);
    await expect(page.getByText('Registro salvo com sucesso')).toHaveCount(0);

    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL('/admin/users');
    await page.goto(`/admin/users/${user.id}/update`);
    await expect(birthdayOf(page)).toHaveValue('15/03/1990');
  });

  test('an unknown postcode clears the state and city of the previous one', async ({ page }) => {
    await openSignedIn(page);
    await page.goto('/admin/users/create');
    await chooseOption(page, 'País', 'Brasil', 'Bras');
    await page.getByLabel('CEP', { exact: true }).fill('01310100');
    await expect(formItem(page, 'Estado')).toContainText('SP');

    await page.getByLabel('CEP', { exact: true }).fill('00000000');
    await expect(formItem(page, 'CEP')).toContainText('CEP não encontrado');
    await expect(formItem(page, 'Estado')).not.toContainText('SP');
    await expect(page.getByLabel('Cidade', { exact: true })).toBeDisabled();
  });
});
