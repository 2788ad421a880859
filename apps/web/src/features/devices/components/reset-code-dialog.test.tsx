// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import { fetchResetCode } from '../api/reset-code.ts';
import { ResetCodeDialog } from './reset-code-dialog.tsx';

vi.mock('../api/reset-code.ts', () => ({ fetchResetCode: vi.fn() }));
const fetchCode = vi.mocked(fetchResetCode);

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
  fetchCode.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** An answer given now whose step ends in `secondsLeft` seconds, by a server `skewMs` ahead of the browser. */
const answer = (code: string, secondsLeft: number, skewMs = 0) => ({
  code,
  secondsLeft,
  stepSeconds: 60,
  validUntil: new Date(Date.now() + skewMs + secondsLeft * 1_000).toISOString(),
  serverTime: new Date(Date.now() + skewMs).toISOString(),
});

function renderDialog() {
  return render(
    <I18nextProvider i18n={i18n}>
      <ResetCodeDialog deviceId={7} macAddress="A4:CF:12:B3:C4:D5" onClose={() => undefined} />
    </I18nextProvider>,
  );
}

const shownCode = () => screen.getByTestId('reset-code').textContent;
const countdown = () => screen.queryByTestId('reset-code-countdown')?.textContent;

describe('the reset code dialog', () => {
  it("counts down from the server's seconds, says it is getting a new code at zero, then shows it", async () => {
    let answerNext: (value: ReturnType<typeof answer>) => void = () => undefined;
    fetchCode.mockResolvedValueOnce(answer('123456', 3)).mockReturnValueOnce(
      new Promise((resolve) => {
        answerNext = resolve;
      }),
    );
    renderDialog();
    await act(async () => undefined);
    expect(shownCode()).toContain('123456');
    expect(countdown()).toBe('Válido por mais 3 segundos');

    await act(async () => vi.advanceTimersByTime(2_000));
    expect(countdown()).toBe('Válido por mais 1 segundo');
    expect(fetchCode).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(1_000));
    expect(shownCode()).toBe('OBTENDO NOVO');
    expect(fetchCode).toHaveBeenCalledTimes(2);

    await act(async () => answerNext(answer('654321', 60)));
    expect(shownCode()).toContain('654321');
    expect(countdown()).toBe('Válido por mais 60 segundos');
  });

  it('renews when the step ends, not when the rounded-up second would: 0.777 s before it, on a skewed clock', async () => {
    // The server answers at 12:00:59.223 by its clock; this browser's clock is 42 s behind.
    vi.setSystemTime(Date.parse('2026-01-01T12:00:17.223Z'));
    fetchCode
      .mockResolvedValueOnce({
        code: '123456',
        secondsLeft: 1,
        stepSeconds: 60,
        validUntil: '2026-01-01T12:01:00.000Z',
        serverTime: '2026-01-01T12:00:59.223Z',
      })
      .mockReturnValueOnce(new Promise(() => undefined));
    renderDialog();
    await act(async () => undefined);
    expect(countdown()).toBe('Válido por mais 1 segundo');
    await act(async () => vi.advanceTimersByTime(776));
    expect(shownCode()).toContain('123456');
    await act(async () => vi.advanceTimersByTime(1));
    expect(shownCode()).toBe('OBTENDO NOVO');
    expect(fetchCode).toHaveBeenCalledTimes(2);
  });

  it('asks nothing more once closed, and aborts the call under way', async () => {
    fetchCode.mockResolvedValueOnce(answer('123456', 2)).mockReturnValue(new Promise(() => undefined));
    const view = renderDialog();
    await act(async () => undefined);
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(fetchCode).toHaveBeenCalledTimes(2);
    const signal = fetchCode.mock.calls[1]?.[1];
    expect(signal?.aborted).toBe(false);

    view.unmount();
    expect(signal?.aborted).toBe(true);
    await act(async () => vi.advanceTimersByTime(120_000));
    expect(fetchCode).toHaveBeenCalledTimes(2);
  });

  it('offers a retry after a failure', async () => {
    fetchCode.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(answer('000042', 30));
    renderDialog();
    await act(async () => undefined);
    expect(screen.getByText('Não foi possível obter o código de reset.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await act(async () => undefined);
    expect(shownCode()).toContain('000042');
  });
});
