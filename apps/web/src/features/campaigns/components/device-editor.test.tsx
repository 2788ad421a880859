// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import type { SlotValue } from '../campaign-form-values.ts';
import { DeviceEditor } from './device-editor.tsx';

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
afterEach(cleanup);

const COLLECTION: SlotValue[] = [
  { slot: 1, fragranceId: 5, fragranceName: 'Brisa', thumbnailUri: null, shotSeconds: 5 },
  { slot: 2, fragranceId: 6, fragranceName: 'Cítrico', thumbnailUri: null, shotSeconds: 5 },
];

function renderEditor(onChange: (value: SlotValue[]) => void) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <DeviceEditor value={COLLECTION} onChange={onChange} lockedSlots={new Set([1])} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('DeviceEditor', () => {
  it('locks a slot a quiz answer holds: no clearing, no refilling, and the reason shown', () => {
    const onChange = vi.fn();
    renderEditor(onChange);
    const clearLocked = screen.getByRole('button', { name: 'Esvaziar o slot 1' });
    expect(clearLocked.hasAttribute('disabled')).toBe(true);
    expect(clearLocked.getAttribute('aria-describedby')).toBe('slot-locked-1');
    expect(document.getElementById('slot-locked-1')?.textContent).toMatch(
      /Bloqueado: uma resposta de quiz desta campanha recomenda esta fragrância/,
    );
    expect(
      screen.getByRole('button', { name: 'Slot 1: Brisa (bloqueado por uma resposta de quiz)' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Slot 1: Brisa/ }));
    expect(
      screen.getByText(/O slot 1 está bloqueado: uma resposta de quiz desta campanha recomenda Brisa/),
    ).toBeTruthy();
    expect(screen.getByRole('combobox').hasAttribute('disabled')).toBe(true);

    // The slot beside it is free.
    const clearFree = screen.getByRole('button', { name: 'Esvaziar o slot 2' });
    expect(clearFree.hasAttribute('disabled')).toBe(false);
    fireEvent.click(clearFree);
    expect(onChange).toHaveBeenCalledWith([COLLECTION[0]]);
  });
});
