// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { ResourceForm } from './resource-form.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
  // jsdom lays nothing out, so it has no scrolling either.
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(cleanup);

/** `document` has no field on screen, as the user form hides the Document for Brazil. */
type Values = { name: string; document?: string };

function NameForm(props: {
  onSubmit: (values: Values) => Promise<unknown>;
  onReload?: () => Promise<unknown>;
  initialValues?: Values;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <ResourceForm<Values>
      title="Editar"
      form={form}
      mode="edit"
      initialValues={props.initialValues ?? { name: 'Lavanda' }}
      listPath="/list"
      fieldPaths={[['name'], ['document']]}
      onSubmit={props.onSubmit}
      onReload={props.onReload}
    >
      <Form.Item name="name" label="Nome">
        <Input />
      </Form.Item>
    </ResourceForm>
  );
}

function renderForm(props: Parameters<typeof NameForm>[0]) {
  const router = createMemoryRouter([
    { path: '/', element: <NameForm {...props} /> },
    { path: '/list', element: null },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <RouterProvider router={router} />
      </App>
    </I18nextProvider>,
  );
}

async function saveChanged() {
  fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Lavanda nova' } });
  const save = screen.getByRole('button', { name: 'Salvar' });
  await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
  fireEvent.click(save);
}

const stale = new ApiError({
  status: 409,
  code: 'STALE_RECORD',
  message: 'Outra pessoa alterou este registro depois que você o abriu.',
});

describe('ResourceForm: a failed save', () => {
  it('focuses one alert that says what happened and offers the reload of a stale record', async () => {
    const onReload = vi.fn(async () => undefined);
    renderForm({ onSubmit: () => Promise.reject(stale), onReload });
    await saveChanged();

    const alert = await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alert.textContent).toContain(stale.message);
    await waitFor(() => expect(document.activeElement).toBe(alert));

    fireEvent.click(screen.getByRole('button', { name: 'Recarregar o registro' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('takes the focus again on the next failure, with no reload for other errors', async () => {
    const failure = new ApiError({ status: 500, code: 'INTERNAL' });
    renderForm({ onSubmit: () => Promise.reject(failure), onReload: async () => undefined });
    await saveChanged();
    const first = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.textContent).toContain(i18n.t('form.saveError'));
    expect(screen.queryByRole('button', { name: 'Recarregar o registro' })).toBeNull();

    screen.getByRole('button', { name: 'Salvar' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('puts a taken name under the name field without the form declaring the code', async () => {
    const taken = new ApiError({ status: 409, code: 'NAME_TAKEN', message: 'Este nome já está em uso.' });
    renderForm({ onSubmit: () => Promise.reject(taken) });
    await saveChanged();

    await screen.findByRole('alert');
    const nameItem = screen.getByLabelText('Nome').closest('.ant-form-item');
    await waitFor(() => expect(nameItem?.textContent).toContain(taken.message));
  });
});

describe('ResourceForm: a save', () => {
  it('hands over the loaded value of a field that is not on screen', async () => {
    const onSubmit = vi.fn(async (_values: Values) => undefined);
    renderForm({ onSubmit, initialValues: { name: 'Lavanda', document: 'X1234' } });
    await saveChanged();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Lavanda nova', document: 'X1234' });
  });
});
