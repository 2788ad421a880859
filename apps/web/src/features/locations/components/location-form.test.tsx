// @vitest-environment jsdom

import { type LocationRow, locationBodySchema } from '@scentia/shared/locations.schemas';
import { cleanup, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResourceFormComponentProps } from '../../../components/resource-form/resource-form.tsx';
import { useFormKit } from '../../../components/resource-form/use-form-kit.ts';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { renderInApp } from '../../../test/render-in-app.tsx';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import { emptyLocationForm, type LocationFormValues, locationFormToBody } from '../location-form-values.ts';
import { LocationForm } from './location-form.tsx';

const session = vi.hoisted(() => ({
  user: { profile: { nome: 'Operador' }, membership: null as { role: 'manager' | 'viewer' } | null },
}));
vi.mock('../../../lib/use-session.ts', () => ({
  useSession: () => ({ user: session.user, tokens: null }),
}));
vi.hoisted(() => {
  globalThis.fetch = async () => Response.json([]);
});

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
afterEach(cleanup);

/** The form with the kit its pages give it. */
function KitLocationForm(props: ResourceFormComponentProps<LocationFormValues, LocationRow>) {
  const kit = useFormKit({
    bodySchema: locationBodySchema,
    toBody: locationFormToBody,
    listPath: '/admin/locations',
    emptyValues: emptyLocationForm,
  });
  return <LocationForm {...props} kit={kit} />;
}

function renderForm() {
  const values = { ...emptyLocationForm(), organizationId: '4', name: 'Loja Centro' };
  const form = (
    <KitLocationForm
      mode="edit"
      title="Loja Centro"
      initialValues={values}
      onSubmit={async () => undefined}
    />
  );
  renderInApp(i18n, form);
}

/** The organisation, name and time zone controls, and the note's, by their labels. */
const controls = () =>
  ['Organização', 'Nome', 'Fuso horário', 'Observação'].map((label) => screen.getByLabelText(label));

describe('LocationForm', () => {
  it('shows a Manager the staff’s fields read-only, with why, and the note to edit', {
    timeout: 60_000,
  }, () => {
    session.user = { profile: { nome: 'CLIENT' }, membership: { role: 'manager' } };
    renderForm();
    const [organization, name, timeZone, note] = controls();
    expect([organization, name, timeZone].map((control) => (control as HTMLInputElement).disabled)).toEqual([
      true,
      true,
      true,
    ]);
    expect((note as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.getAllByText('Somente a equipe da Scentia altera este campo: peça a ela.')).toHaveLength(3);
  });

  it('lets the staff change every field', { timeout: 60_000 }, () => {
    session.user = { profile: { nome: 'Operador' }, membership: null };
    renderForm();
    expect(controls().map((control) => (control as HTMLInputElement).disabled)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(screen.queryByText('Somente a equipe da Scentia altera este campo: peça a ela.')).toBeNull();
    // The kit's sections without headings (no CNPJ, no contact), its own fields beside the kit's.
    const rows = [...document.querySelectorAll('form > .ant-row')].map((row) =>
      [...row.querySelectorAll('label')].map((label) => label.textContent),
    );
    expect([rows[0], rows.at(-1)]).toEqual([
      ['Organização', 'Nome'],
      ['Fuso horário', 'Observação'],
    ]);
    expect(document.querySelector('form fieldset > legend')?.textContent).not.toBe('Empresa');
  });

  it('marks the address rule’s country and the location’s own city required, and not the CEP', {
    timeout: 60_000,
  }, () => {
    session.user = { profile: { nome: 'Operador' }, membership: null };
    renderForm();
    const isMarked = (label: string) =>
      screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');
    expect(['País', 'Cidade', 'CEP'].map(isMarked)).toEqual([true, true, false]);
  });
});
