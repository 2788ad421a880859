import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from '../../../components/record-history/record-history.tsx';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useCategory } from '../api/get-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import { categoryFormToBody, categoryToForm } from '../category-form-values.ts';
import { CategoryForm } from '../components/category-form.tsx';

/** /admin/categories/{id}/update. */
export default function CategoryUpdatePage() {
  const { t } = useTranslation('categories');
  const id = useIdParam();
  const category = useCategory(id, id > 0);
  const update = useUpdateCategory();
  const initialValues = useMemo(
    () => (category.data ? categoryToForm(category.data) : undefined),
    [category.data],
  );

  if (id === 0 || !category.data || !initialValues) {
    return (
      <FormPageState
        t={t}
        title={t('editTitle')}
        listPath={PATHS.admin.categories.list}
        query={category}
        isNotFound={id === 0}
      />
    );
  }
  const loaded = category.data;
  return (
    <>
      <CategoryForm
        key={loaded.categoryId}
        mode="edit"
        title={t('editTitle')}
        initialValues={initialValues}
        onSubmit={(values) => update.mutateAsync({ id: loaded.categoryId, body: categoryFormToBody(values) })}
      />
      <RecordHistory recordType="category" recordId={loaded.categoryId} />
    </>
  );
}
