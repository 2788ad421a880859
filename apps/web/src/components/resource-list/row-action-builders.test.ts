import type { i18n as I18n, TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { formatCreatedAt } from './column-builders.tsx';
import { deleteAction, editAction, recordRowAction, toggleAction } from './row-action-builders.tsx';

let t: TFunction;
beforeAll(async () => {
  const i18n: I18n = await createTestI18n();
  t = i18n.getFixedT('pt-BR', 'categories');
});

const run = () => Promise.resolve();

describe('row action builders', () => {
  it('links the edit action to the given page', () => {
    expect(editAction(t, '/admin/categories/7/update')).toMatchObject({
      key: 'edit',
      label: 'Editar',
      to: '/admin/categories/7/update',
    });
  });

  it('confirms a delete as a danger action with the texts of the feature', () => {
    const action = deleteAction(t, 'Florais', run);
    expect(action).toMatchObject({
      key: 'delete',
      label: 'Excluir definitivamente',
      isDanger: true,
      confirm: {
        title: 'Excluir definitivamente a categoria Florais?',
        content: 'A categoria será removida. Esta ação não pode ser desfeita.',
        okText: 'Excluir definitivamente',
      },
      successMessage: 'Registro deletado com sucesso',
      errorMessage: 'Erro ao deletar o registro',
    });
    expect(action.run).toBe(run);
  });

  it('offers to deactivate an active record, as a danger action', () => {
    expect(toggleAction(t, { name: 'Florais', isActive: true }, run)).toMatchObject({
      key: 'toggle',
      label: 'Inativar',
      isDanger: true,
      confirm: { title: 'Inativar a categoria Florais?', okText: 'Inativar' },
      successMessage: 'Status alterado com sucesso',
      errorMessage: 'Erro ao alterar o status do registro',
    });
  });

  it('offers to activate an inactive record', () => {
    expect(toggleAction(t, { name: 'Florais', isActive: false }, run)).toMatchObject({
      label: 'Ativar',
      isDanger: false,
      confirm: { title: 'Ativar a categoria Florais?', okText: 'Ativar' },
    });
  });
});

describe('recordRowAction', () => {
  it('builds the action of each kind with the target it names', () => {
    const remove = () => Promise.resolve('removed');
    const toggle = () => Promise.resolve('toggled');
    const target = {
      name: 'Florais',
      isActive: true,
      editPath: '/admin/categories/7/update',
      remove,
      toggle,
    };
    expect(recordRowAction(t, 'edit', target)).toMatchObject({
      key: 'edit',
      to: '/admin/categories/7/update',
    });
    expect(recordRowAction(t, 'delete', target)).toMatchObject({ key: 'delete', run: remove });
    expect(recordRowAction(t, 'toggle', target)).toMatchObject({
      key: 'toggle',
      label: 'Inativar',
      confirm: { title: 'Inativar a categoria Florais?' },
      run: toggle,
    });
  });
});

describe('formatCreatedAt', () => {
  it('shows the day first and the time in 24 hours', () => {
    expect(formatCreatedAt('2025-12-31T23:59:00')).toBe('31/12/2025 23:59');
  });
});
