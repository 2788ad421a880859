import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCampaign } from '../api/create-campaign.ts';
import { campaignFormData, emptyCampaignForm } from '../campaign-form-values.ts';
import { CampaignForm } from '../components/campaign-form.tsx';

/** /admin/campaigns/create. */
export default function CampaignCreatePage() {
  const { t } = useTranslation('campaigns');
  const create = useCreateCampaign();
  const initialValues = useMemo(emptyCampaignForm, []);
  return (
    <CampaignForm
      mode="create"
      title={t('form.createTitle')}
      initialValues={initialValues}
      onSubmit={(values) => create.mutateAsync(campaignFormData(values))}
    />
  );
}
