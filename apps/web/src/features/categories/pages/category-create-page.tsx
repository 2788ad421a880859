import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCategory } from '../api/create-category.ts';
import { categoryFormToBody, emptyCategoryForm } from '../category-form-values.ts';
import { CategoryForm } from '../components/category-form.tsx';

/** /admin/categories/create. */
export default function CategoryCreatePage() {
  const { t } = useTranslation('categories');
  const create = useCreateCategory();
  const initialValues = useMemo(emptyCategoryForm, []);
  return (
    <CategoryForm
      mode="create"
      title={t('createTitle')}
      initialValues={initialValues}
      onSubmit={(values) => create.mutateAsync(categoryFormToBody(values))}
    />
  );
}
