import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from '../../../components/record-history/record-history.tsx';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import { campaignFormData, campaignToForm } from '../campaign-form-values.ts';
import { CampaignForm } from '../components/campaign-form.tsx';

/**
 * /admin/campaigns/{id}/update: only an active campaign is edited. The save carries the `updatedAt`
 * the form loaded; when someone saved in between (409 STALE_RECORD) the save's alert offers to reload it.
 */
export default function CampaignUpdatePage() {
  const { t } = useTranslation('campaigns');
  // The page's own texts (backToList, notFound, loadError) live under `form`; common keys pass through.
  const pageT = ((key: string, options?: object) =>
    t(key.includes(':') ? key : `form.${key}`, options as never)) as unknown as TFunction;
  const id = useIdParam();
  const campaign = useCampaign(id, id > 0);
  const update = useUpdateCampaign();
  const initialValues = useMemo(
    () => (campaign.data ? campaignToForm(campaign.data) : undefined),
    [campaign.data],
  );

  if (id === 0 || !campaign.data || !initialValues || !campaign.data.ativo) {
    return (
      <FormPageState
        t={pageT}
        title={t('form.editTitle')}
        listPath={PATHS.admin.campaigns.list}
        query={campaign}
        isNotFound={id === 0}
        forbiddenText={campaign.data && !campaign.data.ativo ? t('form.inactive') : undefined}
      />
    );
  }
  const loaded = campaign.data;

  return (
    <>
      <CampaignForm
        key={loaded.updatedAt}
        mode="edit"
        title={t('form.editTitle')}
        initialValues={initialValues}
        onSubmit={(values) =>
          update.mutateAsync({ id: loaded.campaignId, body: campaignFormData(values, loaded.updatedAt) })
        }
        onReload={() => campaign.refetch()}
      />
      <RecordHistory recordType="campaign" recordId={loaded.campaignId} />
    </>
  );
}
