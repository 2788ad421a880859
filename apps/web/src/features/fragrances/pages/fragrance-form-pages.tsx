import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { fragranceMutations } from '../api/fragrance-mutations.ts';
import { fragranceRecord } from '../api/get-fragrance.ts';
import { FragranceForm } from '../components/fragrance-form.tsx';
import { emptyFragranceForm, fragranceFormData, fragranceToForm } from '../fragrance-form-values.ts';

/** /admin/fragrances/create and /admin/fragrances/{id}/update (without a new file the image is kept). */
export const fragranceFormPages = resourceFormPages({
  namespace: 'fragrances',
  Form: FragranceForm,
  listPath: PATHS.admin.fragrances.list,
  useRecord: fragranceRecord.useRecord,
  mutations: fragranceMutations,
  emptyValues: emptyFragranceForm,
  toValues: fragranceToForm,
  toBody: (values, opened) => fragranceFormData(values, opened?.updatedAt),
  recordId: (fragrance) => fragrance.fragranceId,
  recordType: 'fragrance',
});
