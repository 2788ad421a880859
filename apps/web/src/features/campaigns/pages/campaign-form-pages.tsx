import { campaignActionRefusal } from '@scentia/shared/campaigns.rules';
import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { campaignMutations } from '../api/campaign-mutations.ts';
import { campaignRecord } from '../api/get-campaign.ts';
import { campaignFormData, campaignToForm, emptyCampaignForm } from '../campaign-form-values.ts';
import { CampaignForm } from '../components/campaign-form.tsx';

/**
 * /admin/campaigns/create and /admin/campaigns/{id}/update: only an active campaign is edited. The save
 * carries the `updatedAt` the form was opened with; when someone saved in between (409 STALE_RECORD)
 * the save's alert offers to reload it.
 */
export const campaignFormPages = resourceFormPages({
  namespace: 'campaigns',
  Form: CampaignForm,
  listPath: PATHS.admin.campaigns.list,
  useRecord: campaignRecord.useRecord,
  mutations: campaignMutations,
  emptyValues: emptyCampaignForm,
  toValues: campaignToForm,
  toBody: (values, opened) => campaignFormData(values, opened?.updatedAt),
  recordId: (campaign) => campaign.campaignId,
  recordType: 'campaign',
  editRefusal: (campaign) =>
    campaignActionRefusal({ isActive: campaign.ativo, isDefault: campaign.isDefault }, 'edit'),
});
