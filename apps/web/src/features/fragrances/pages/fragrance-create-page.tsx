import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateFragrance } from '../api/create-fragrance.ts';
import { FragranceForm } from '../components/fragrance-form.tsx';
import { emptyFragranceForm, fragranceFormData } from '../fragrance-form-values.ts';

/** /admin/fragrances/create. */
export default function FragranceCreatePage() {
  const { t } = useTranslation('fragrances');
  const create = useCreateFragrance();
  const initialValues = useMemo(emptyFragranceForm, []);
  return (
    <FragranceForm
      mode="create"
      title={t('createTitle')}
      initialValues={initialValues}
      onSubmit={(values) => create.mutateAsync(fragranceFormData(values))}
    />
  );
}
