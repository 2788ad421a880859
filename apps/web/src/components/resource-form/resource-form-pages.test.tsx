import { ErrorCode } from '@scentia/shared/error-codes';
import { kitFields } from '@scentia/shared/record-fields.schemas';
// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { renderInApp } from '../../test/render-in-app.tsx';
import { stubWideScreen } from '../../test/wide-screen.ts';
import type { AddressGeo } from '../address-block/address-geo.ts';
import { type AddressFormValues, addressFieldPaths, emptyAddress } from '../address-block/address-values.ts';
import { kitFormValues } from './form-values.ts';
import type { KitOnlyFormDeclaration } from './kit-only-form.tsx';
import { type FormKit, formKit, type ResourceFormComponentProps } from './resource-form.tsx';
import { resourceFormPages } from './resource-form-pages.tsx';

// The History card asks the audit API; here it is refused, so the card stays out of the way.
vi.hoisted(() => {
  globalThis.fetch = async () => Response.json({ code: 'FORBIDDEN', message: '' }, { status: 403 });
});

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
afterEach(cleanup);

type Row = { thingId: number; name: string; updatedAt: string; ativo: boolean };
type Values = { name: string };

let stored: Row = { thingId: 7, name: 'Lavanda', updatedAt: 'v1', ativo: true };

/** The form: shows what it was given and submits its initial values as they are. */
function ThingForm({
  title,
  initialValues,
  onSubmit,
  onReload,
  mode,
}: ResourceFormComponentProps<Values, Row>) {
  return (
    <div>
      <h1>{title}</h1>
      <p>
        {mode}: {initialValues.name}
      </p>
      <button type="button" onClick={() => void onSubmit(initialValues)}>
        save
      </button>
      <button type="button" onClick={() => void onReload?.()}>
        reload
      </button>
    </div>
  );
}

function declare(editRefusal?: (row: Row) => ErrorCode | undefined) {
  const created = vi.fn(async (_body: string) => undefined);
  const updated = vi.fn(async (_input: { id: number; body: string }) => undefined);
  const pages = resourceFormPages({
    namespace: 'categories',
    Form: ThingForm,
    listPath: '/things',
    useRecord: (id: number, isEnabled: boolean) =>
      useQuery({ queryKey: ['things', id], queryFn: async () => ({ ...stored }), enabled: isEnabled }),
    mutations: {
      useCreate: () => ({ mutateAsync: created }),
      useUpdate: () => ({ mutateAsync: updated }),
    },
    emptyValues: () => ({ name: '' }),
    toValues: (row) => ({ name: row.name }),
    toBody: (values, opened) => `${values.name}@${opened?.updatedAt ?? 'new'}`,
    recordId: (row) => row.thingId,
    recordType: 'category',
    editRefusal: editRefusal && ((row) => editRefusal(row)),
  });
  return { pages, created, updated };
}

function renderAt(path: string, Page: ComponentType) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/things/:id/update', element: <Page /> },
      { path: '/things/create', element: <Page /> },
    ],
    {
      initialEntries: [path],
    },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

describe('resourceFormPages', () => {
  it("creates from the empty form under the namespace's createTitle", async () => {
    const { pages, created } = declare();
    renderAt('/things/create', pages.CreatePage);

    expect(screen.getByRole('heading', { name: 'Nova categoria' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith('@new'));
  });

  it('saves with the record the form was opened with, not a newer one a background refetch brought', async () => {
    stored = { thingId: 7, name: 'Lavanda', updatedAt: 'v1', ativo: true };
    const { pages, updated } = declare();
    const queryClient = renderAt('/things/7/update', pages.UpdatePage);
    await screen.findByText('edit: Lavanda');
    expect(screen.getByRole('heading', { name: 'Editar categoria' })).toBeTruthy();

    // Someone else saves meanwhile; the window regains focus and the record is read again.
    stored = { thingId: 7, name: 'Rosa', updatedAt: 'v2', ativo: true };
    await act(() => queryClient.refetchQueries({ queryKey: ['things', 7] }));
    expect(screen.getByText('edit: Lavanda')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    // The server can tell this save is stale: it carries the version the person started from.
    await waitFor(() => expect(updated).toHaveBeenCalledWith({ id: 7, body: 'Lavanda@v1' }));

    // The stale save's reload opens the current version in a fresh form.
    fireEvent.click(screen.getByRole('button', { name: 'reload' }));
    await screen.findByText('edit: Rosa');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(updated).toHaveBeenLastCalledWith({ id: 7, body: 'Rosa@v2' }));
  });

  it("shows the namespace's not-found text for an id that is not one, without asking", async () => {
    const { pages } = declare();
    renderAt('/things/abc/update', pages.UpdatePage);

    expect(await screen.findByText('Categoria não encontrada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para a lista' }).getAttribute('href')).toBe('/things');
  });

  it('shows why a loaded record cannot be edited instead of the form', async () => {
    stored = { thingId: 7, name: 'Lavanda', updatedAt: 'v1', ativo: false };
    const { pages } = declare((row) => (row.ativo ? undefined : ErrorCode.RECORD_INACTIVE));
    renderAt('/things/7/update', pages.UpdatePage);

    // The shared rule's refusal shows the namespace's `editInactive` (the test's texts are their keys).
    expect(await screen.findByText('editInactive')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'save' })).toBeNull();
  });
});

describe('resourceFormPages with the body schema', () => {
  it('gives the form its kit: the rule by the schema, the list path and the fields of its empty values', async () => {
    let kit: FormKit<Values & { address: AddressFormValues }> | undefined;
    function KitForm(props: ResourceFormComponentProps<Values & { address: AddressFormValues }, Row>) {
      kit = formKit(props);
      return <p>kit</p>;
    }
    const pages = resourceFormPages({
      namespace: 'categories',
      bodySchema: z.object({ name: z.string().min(1) }),
      Form: KitForm,
      listPath: '/things',
      useRecord: (id: number, isEnabled: boolean) =>
        useQuery({ queryKey: ['things', id], queryFn: async () => ({ ...stored }), enabled: isEnabled }),
      mutations: { useCreate: () => ({ mutateAsync: vi.fn() }), useUpdate: () => ({ mutateAsync: vi.fn() }) },
      emptyValues: () => ({ name: '', address: emptyAddress('BR') }),
      toValues: (row) => ({ name: row.name, address: emptyAddress('BR') }),
      toBody: (values) => ({ name: values.name }),
      recordId: (row) => row.thingId,
      recordType: 'category',
    });
    renderAt('/things/create', pages.CreatePage);
    await screen.findByText('kit');

    expect(kit?.listPath).toBe('/things');
    expect(kit?.fieldPaths).toEqual([['name'], ...addressFieldPaths()]);
    const check = kit?.rule(
      'name',
      true,
    )({ getFieldsValue: () => ({ name: '', address: emptyAddress('BR') }) });
    await expect(check?.validator?.({}, '', () => undefined)).rejects.toBeTruthy();
  });
});

describe('resourceFormPages of a kit-only resource', () => {
  it('builds the form from the declaration: the kit’s sections and words, the texts the resource passes', {
    timeout: 60_000,
  }, async () => {
    const form = kitFormValues(
      kitFields({ name: 'name', cnpj: 'optionalCnpj', email: 'email', phone: 'phone', note: 'note' }),
    );
    const created = vi.fn(async (_body: ReturnType<typeof form.toBody>) => undefined);
    const pages = resourceFormPages({
      namespace: 'categories',
      bodySchema: z.object({ name: z.string().min(1) }),
      kitForm: { form, texts: (t) => ({ fields: { name: { extra: t('nameHint') } } }) },
      listPath: '/things',
      useRecord: (id: number, isEnabled: boolean) =>
        useQuery({ queryKey: ['things', id], queryFn: async () => ({ ...stored }), enabled: isEnabled }),
      mutations: { useCreate: () => ({ mutateAsync: created }), useUpdate: () => ({ mutateAsync: vi.fn() }) },
      emptyValues: () => form.empty(),
      toValues: (row: Row) =>
        form.toForm({ name: row.name, cnpj: null, email: null, phone: null, note: null }),
      toBody: (values) => form.toBody(values),
      recordId: (row) => row.thingId,
      recordType: 'category',
    });
    renderInApp(i18n, <pages.CreatePage />);
    await screen.findByLabelText('Nome');

    const legends = [...document.querySelectorAll('fieldset > legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['Empresa', 'Contato']);
    const labels = [...document.querySelectorAll('form label')].map((label) => label.textContent);
    expect(labels).toEqual(['Nome', 'CNPJ', 'E-mail', 'Telefone', 'Observação']);
    expect(screen.getByText(i18n.t('categories:nameHint'))).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: ' Aromas do Sul ' } });
    const save = screen.getByRole('button', { name: 'Salvar' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    fireEvent.click(save);
    await waitFor(
      () =>
        expect(created).toHaveBeenCalledWith({
          name: 'Aromas do Sul',
          cnpj: null,
          email: null,
          phone: null,
          note: null,
        }),
      { timeout: 10_000 },
    );
  });

  it('asks the address lookups of a form with an address, an optional one too (held by the type check)', () => {
    const withOptional = kitFormValues(kitFields({ name: 'name', address: 'optionalAddress' }));
    const geo = {} as AddressGeo;
    const declared: KitOnlyFormDeclaration<typeof withOptional.kinds> = { form: withOptional, geo };
    // @ts-expect-error: an address block without its lookups
    const missing: KitOnlyFormDeclaration<typeof withOptional.kinds> = { form: withOptional };
    const withoutAddress = kitFormValues(kitFields({ name: 'name' }));
    // @ts-expect-error: lookups given to a form without an address
    const extra: KitOnlyFormDeclaration<typeof withoutAddress.kinds> = { form: withoutAddress, geo };
    expect([declared.geo, missing.form, extra.form]).toHaveLength(3);
  });
});
