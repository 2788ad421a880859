import type { CampaignRow } from '@scentia/shared/campaigns.schemas';

/** True when the latest printed or downloaded code carries an older version than the campaign's. */
export function isQrPrintOutdated(campaign: Pick<CampaignRow, 'lastQrPrint' | 'updatedAt'>): boolean {
  return campaign.lastQrPrint !== null && campaign.lastQrPrint.campaignUpdatedAt !== campaign.updatedAt;
}
