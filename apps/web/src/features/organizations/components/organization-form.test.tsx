// @vitest-environment jsdom

import { type OrganizationRow, organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { cleanup } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResourceFormComponentProps } from '../../../components/resource-form/resource-form.tsx';
import { useFormKit } from '../../../components/resource-form/use-form-kit.ts';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { renderInApp } from '../../../test/render-in-app.tsx';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import {
  emptyOrganizationForm,
  type OrganizationFormValues,
  organizationFormToBody,
} from '../organization-form-values.ts';
import { OrganizationForm } from './organization-form.tsx';

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
function KitOrganizationForm(props: ResourceFormComponentProps<OrganizationFormValues, OrganizationRow>) {
  const kit = useFormKit({
    bodySchema: organizationBodySchema,
    toBody: organizationFormToBody,
    listPath: '/admin/organizations',
    emptyValues: emptyOrganizationForm,
  });
  return <OrganizationForm {...props} kit={kit} />;
}

describe('OrganizationForm', () => {
  it('lays out the company, its contact person, the address and the note, its own fields among the kit’s', {
    timeout: 60_000,
  }, () => {
    const form = (
      <KitOrganizationForm
        mode="create"
        title="Nova organização"
        initialValues={emptyOrganizationForm()}
        onSubmit={async () => undefined}
      />
    );
    renderInApp(i18n, form);
    const sections = [...document.querySelectorAll('form fieldset.form-section, form > .ant-row')].map(
      (section) => [
        section.querySelector(':scope > legend')?.textContent ?? '',
        [...section.querySelectorAll(':scope > .ant-row label, :scope > .ant-col label')].map(
          (label) => label.textContent,
        ),
      ],
    );
    expect(sections[0]).toEqual(['Empresa', ['Nome', 'Razão social', 'CNPJ']]);
    expect(sections[1]).toEqual(['Pessoa de contato', ['Nome do contato', 'E-mail do contato', 'Telefone']]);
    expect(sections.at(-1)).toEqual(['', ['Observação']]);
    expect(document.body.textContent).toContain(
      'Como a organização é conhecida; único, sem diferenciar maiúsculas e acentos.',
    );
  });
});
