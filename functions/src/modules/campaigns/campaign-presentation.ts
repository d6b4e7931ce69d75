/** How a campaign is shown (its counts, what may be edited). */
import { CAMPAIGN_EDIT_LEAD_MS, type Campaign } from '@switchboard/shared/contracts/campaigns';
import { clock } from '../../platform/clock.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import type { CampaignRecord } from './campaign.entity.ts';
import { getStats } from './campaigns.repository.ts';

/** Spec section 4: what the dialog may change now. */
export const editableOf = (r: Pick<CampaignRecord, 'status' | 'scheduledAt'>, at: Date = clock().now()): Campaign['editable'] => {
  if (r.status === 'INATIVA') return 'all';
  if (r.status === 'PROGRAMADA' && r.scheduledAt && new Date(r.scheduledAt).getTime() - at.getTime() > CAMPAIGN_EDIT_LEAD_MS)
    return 'all';
  if (r.status === 'CANCELADA') return 'messages';
  return 'none';
};

export const toCampaign = async (r: CampaignRecord): Promise<Campaign> => {
  const { searchText: _s, run: _r, rev: _v, startedAt: _st, mediaType: _m, templateText: _tt, ...fields } = r;
  const { prepared: _p, ...stats } = await getStats(r.companyId, r.id);
  return { ...fields, stats, editable: editableOf(r), mediaUrl: r.mediaPath ? await blobStore().downloadUrl(r.mediaPath) : null };
};
