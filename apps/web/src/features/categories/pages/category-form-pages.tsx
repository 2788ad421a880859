import { categoryBodySchema } from '@scentia/shared/categories.schemas';
import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { categoryMutations } from '../api/category-mutations.ts';
import { categoryRecord } from '../api/get-category.ts';
import { categoryFormToBody, categoryToForm, emptyCategoryForm } from '../category-form-values.ts';
import { CategoryForm } from '../components/category-form.tsx';

/** /admin/categories/create and /admin/categories/{id}/update. */
export const categoryFormPages = resourceFormPages({
  namespace: 'categories',
  bodySchema: categoryBodySchema,
  Form: CategoryForm,
  listPath: PATHS.admin.categories.list,
  useRecord: categoryRecord.useRecord,
  mutations: categoryMutations,
  emptyValues: emptyCategoryForm,
  toValues: categoryToForm,
  toBody: categoryFormToBody,
  recordId: (category) => category.categoryId,
  recordType: 'category',
});
