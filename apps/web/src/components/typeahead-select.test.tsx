// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n-for-tests.ts';
import { stubWideScreen } from '../test/wide-screen.ts';
import { TypeaheadSelect } from './typeahead-select.tsx';

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
afterEach(cleanup);

function renderTypeahead(onChange: (value: string | null) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchOptions = async () => [{ value: 'Tranquilo e calmo', label: 'Tranquilo e calmo' }];
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TypeaheadSelect
          queryKey={['texts']}
          fetchOptions={fetchOptions}
          canCreate
          aria-label="Texto"
          onChange={onChange}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.getByRole('combobox', { name: 'Texto' });
}

describe('TypeaheadSelect that may create', () => {
  it('takes a new text typed as chosen when the field is left', () => {
    const onChange = vi.fn();
    const input = renderTypeahead(onChange);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '  Tranquilo  ' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('Tranquilo');
  });

  it('leaves a text too short to be one alone', () => {
    const onChange = vi.fn();
    const input = renderTypeahead(onChange);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Tr' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes the text as typed on Enter, before the search has answered', async () => {
    const onChange = vi.fn();
    const input = renderTypeahead(onChange);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Tranquilo' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
    });
    expect(onChange).toHaveBeenCalledWith('Tranquilo');
  });
});
