import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from '../../../components/record-history/record-history.tsx';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useFragrance } from '../api/get-fragrance.ts';
import { useUpdateFragrance } from '../api/update-fragrance.ts';
import { FragranceForm } from '../components/fragrance-form.tsx';
import { fragranceFormData, fragranceToForm } from '../fragrance-form-values.ts';

/** /admin/fragrances/{id}/update: without a new file the stored image is kept. */
export default function FragranceUpdatePage() {
  const { t } = useTranslation('fragrances');
  const id = useIdParam();
  const fragrance = useFragrance(id, id > 0);
  const update = useUpdateFragrance();
  const initialValues = useMemo(
    () => (fragrance.data ? fragranceToForm(fragrance.data) : undefined),
    [fragrance.data],
  );

  if (id === 0 || !fragrance.data || !initialValues) {
    return (
      <FormPageState
        t={t}
        title={t('editTitle')}
        listPath={PATHS.admin.fragrances.list}
        query={fragrance}
        isNotFound={id === 0}
      />
    );
  }
  const loaded = fragrance.data;
  return (
    <>
      <FragranceForm
        key={loaded.fragranceId}
        mode="edit"
        title={t('editTitle')}
        initialValues={initialValues}
        categoryLabel={loaded.category.name}
        onSubmit={(values) => update.mutateAsync({ id: loaded.fragranceId, body: fragranceFormData(values) })}
      />
      <RecordHistory recordType="fragrance" recordId={loaded.fragranceId} />
    </>
  );
}
