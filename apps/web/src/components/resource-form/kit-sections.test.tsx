// @vitest-environment jsdom

import { kitFields } from '@scentia/shared/record-fields.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import type { AddressGeo } from '../address-block/address-geo.ts';
import { requiredAddress } from '../address-block/address-values.ts';
import { Field } from './form-layout.tsx';
import { kitFormValues } from './form-values.ts';
import { KitSections } from './kit-sections.tsx';

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
afterEach(cleanup);

const noSource = { queryKey: ['none'], fetchOptions: async () => [] };
const geo: AddressGeo = {
  useCountries: () => ({ data: [], isPending: false }),
  lookUpPostcode: () => Promise.reject(new Error('no lookup here')),
  regionOptionsSource: () => noSource,
  cityOptionsSource: () => noSource,
};
/** Marks what the kit asks required, as the schema rule maker does. */
const rule = (_field: string, isRequired = false) => ({ required: isRequired });

function renderInForm(sections: ReactNode) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Form>{sections}</Form>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Each section's legend (none: '') with its fields' labels, in the page's order. */
const layout = () =>
  [...document.querySelectorAll('form > fieldset, form > .ant-row')].map((section) => [
    section.querySelector(':scope > legend')?.textContent ?? '',
    [...section.querySelectorAll('label')].map((label) => label.textContent),
  ]);

const isMarked = (label: string) =>
  screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');

const SUPPLIER_FORM = kitFormValues(
  kitFields({ name: 'name', cnpj: 'cnpj', email: 'email', phone: 'phone', address: 'address', note: 'note' }),
);

describe('KitSections', () => {
  it('lays a resource’s shared fields out in the kit’s sections, with the kit’s words', {
    timeout: 60_000,
  }, () => {
    renderInForm(<KitSections form={SUPPLIER_FORM} rule={rule} geo={geo} />);
    const sections = layout();
    expect(sections[0]).toEqual(['Empresa', ['Nome', 'CNPJ']]);
    expect(sections[1]).toEqual(['Contato', ['E-mail', 'Telefone']]);
    expect(sections.at(-1)).toEqual(['', ['Observação']]);
    // The address block between them, its country required as the kind's address is; the kind says
    // what is required: the name and the CNPJ, not the contact's fields.
    expect(['País', 'Nome', 'CNPJ', 'E-mail', 'Telefone', 'Observação'].map(isMarked)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(screen.getByLabelText('CNPJ').getAttribute('placeholder')).toBe('00.000.000/0000-00');
  });

  it('gives a name without a CNPJ no heading, and leaves out a section none of its fields belong to', () => {
    const form = kitFormValues(kitFields({ name: 'name', note: 'note' }));
    renderInForm(<KitSections form={form} rule={rule} />);
    expect(layout()).toEqual([
      ['', ['Nome']],
      ['', ['Observação']],
    ]);
  });

  it('places the resource’s own fields beside the kit field named, with its own words where given', {
    timeout: 60_000,
  }, () => {
    const form = kitFormValues(
      kitFields({
        name: 'name',
        cnpj: 'optionalCnpj',
        contactEmail: 'email',
        address: 'address',
        note: 'note',
      }),
      { address: requiredAddress({ required: ['city'] }) },
    );
    const own = (name: string) => (
      <Field name={name} label={name}>
        <Input />
      </Field>
    );
    renderInForm(
      <KitSections
        form={form}
        rule={rule}
        geo={geo}
        fields={{ name: { extra: 'Único.', isDisabled: true }, contactEmail: { label: 'E-mail do contato' } }}
        legends={{ contact: 'Pessoa de contato' }}
        before={{ name: own('parent'), contactEmail: own('contactName'), address: own('region') }}
        after={{ name: own('legalName'), note: own('closing') }}
      />,
    );
    const sections = layout();
    expect(sections.slice(0, 3)).toEqual([
      ['Empresa', ['parent', 'Nome', 'legalName', 'CNPJ']],
      ['Pessoa de contato', ['contactName', 'E-mail do contato']],
      ['', ['region']],
    ]);
    expect(sections.at(-1)).toEqual(['', ['Observação', 'closing']]);
    expect((screen.getByLabelText('Nome') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Único.')).toBeTruthy();
    // An optional CNPJ is not marked required; the location-like address marks its city.
    expect(['CNPJ', 'Cidade'].map(isMarked)).toEqual([false, true]);
    expect(within(document.body).queryByText('Contato')).toBeNull();
  });

  it('lays an address the record may lack (`optionalAddress`) out as the block, nothing marked required', {
    timeout: 60_000,
  }, () => {
    const form = kitFormValues(kitFields({ name: 'name', address: 'optionalAddress', note: 'note' }));
    renderInForm(<KitSections form={form} rule={rule} geo={geo} />);
    expect(screen.getByText('País', { selector: 'label' })).toBeTruthy();
    expect(['Nome', 'País', 'Observação'].map(isMarked)).toEqual([true, false, false]);
  });
});
