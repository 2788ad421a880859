// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusReturn } from './use-focus-return.ts';

afterEach(cleanup);

function Dialog() {
  useFocusReturn();
  return (
    <div role="dialog" aria-label="Diálogo">
      <button type="button">Dentro</button>
    </div>
  );
}

/** An opener that mounts the dialog, and a button outside it that unmounts it, as the lists' dialogs close. */
function Page() {
  const [isOpen, setOpen] = useState(false);
  return (
    <StrictMode>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Fechar
      </button>
      {isOpen && <Dialog />}
    </StrictMode>
  );
}

/** A list whose selection bar (the opener) goes away when the dialog has run. */
function List() {
  const [stage, setStage] = useState<'selected' | 'confirming' | 'done'>('selected');
  return (
    <section>
      <input aria-label="Pesquisar" />
      {stage !== 'done' && (
        <section>
          <button type="button" onClick={() => setStage('confirming')}>
            Desativar
          </button>
        </section>
      )}
      {stage === 'confirming' && (
        <>
          <Dialog />
          <button type="button" onClick={() => setStage('done')}>
            Concluir
          </button>
        </>
      )}
    </section>
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('useFocusReturn', () => {
  it('gives the focus back to the opener once the dialog is unmounted, not while it is open', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const inside = screen.getByRole('button', { name: 'Dentro' });
    inside.focus();
    // React's development remount (StrictMode) must not pull the focus out of a dialog still open.
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(inside);

    const close = screen.getByRole('button', { name: 'Fechar' });
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives it to the first control of what remains when the opener went with the dialog', async () => {
    // jsdom lays nothing out: every element counts as shown.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    render(<List />);
    const opener = screen.getByRole('button', { name: 'Desativar' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Pesquisar' })),
    );
  });
});
