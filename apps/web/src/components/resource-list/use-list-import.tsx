import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/use-session.ts';
import type { Importer } from './import-endpoint.ts';

// The dialog and its texts load when it first opens, not with every list.
const ImportDialog = lazy(() => import('./import-dialog.tsx'));

/** The page's address keeps the import being followed: `?import=<id>` reopens it after a reload. */
const IMPORT_PARAM = 'import';
const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A list's import (`importer`): `open` for the toolbar's button and the dialog to render beside the
 * list. Only staff get them: the server refuses every create of a client organisation's member
 * (docs/decisions/client-access.md), so a member sees no import.
 */
export function useListImport(importer: Importer | undefined): { open?: () => void; dialog: ReactNode } {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const [isOpen, setOpen] = useState(false);
  if (!importer || !user || user.membership !== null) return { dialog: null };

  const followed = search.get(IMPORT_PARAM);
  const importId = followed && IMPORT_ID.test(followed) ? followed : null;
  const setImportId = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(IMPORT_PARAM, id);
        else next.delete(IMPORT_PARAM);
        return next;
      },
      { replace: true },
    );
  const close = () => {
    setOpen(false);
    setImportId(null);
  };
  const isShown = isOpen || importId !== null;
  return {
    open: () => setOpen(true),
    dialog: isShown && (
      <Suspense fallback={null}>
        <ImportDialog
          importer={importer}
          importId={importId}
          onImportIdChange={setImportId}
          onClose={close}
        />
      </Suspense>
    ),
  };
}
