/**
 * The company's campaign settings (spec document 3 "Campaign settings", section 9 defaults): answered as the
 * spec's list of key and value, saved from a partial form merged over what is stored.
 */
import {
  campaignSettingsDefaults,
  type CampaignSettings,
  type SaveCampaignSettingsBody,
} from '@switchboard/shared/contracts/campaigns';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { getSettingsRecord, putSettingsRecord } from './campaigns.repository.ts';

const KEYS = Object.keys(campaignSettingsDefaults) as (keyof CampaignSettings)[];

/** The settings in effect: what the company saved over the defaults. */
export const campaignSettingsOf = async (companyId: number): Promise<CampaignSettings> => {
  const stored = (await getSettingsRecord(companyId)) ?? {};
  const out = { ...campaignSettingsDefaults };
  for (const key of KEYS) if (stored[key] !== undefined) (out as Record<string, unknown>)[key] = stored[key];
  return out;
};

const asEntries = (s: CampaignSettings) => KEYS.map((key) => ({ key, value: s[key] }));

export const showCampaignSettings = async (auth: AuthContext) => asEntries(await campaignSettingsOf(auth.companyId));

export const saveCampaignSettings = async (auth: AuthContext, body: SaveCampaignSettingsBody) => {
  const current = await campaignSettingsOf(auth.companyId);
  const next: CampaignSettings = {
    ...current,
    ...(Object.fromEntries(Object.entries(body.settings).filter(([, v]) => v !== undefined)) as Partial<CampaignSettings>),
  };
  if (next.startHour >= next.endHour) {
    throw new AppError('ERR_VALIDATION', 'The end hour must come after the start hour', {
      fields: [{ path: 'body.settings.endHour', message: 'The end hour must come after the start hour' }],
    });
  }
  next.optOutWords = [...new Set(next.optOutWords.map((w) => w.trim()).filter(Boolean))];
  await putSettingsRecord(auth.companyId, next);
  await domainEvents.emit({
    name: 'campaignSettings.updated',
    companyId: auth.companyId,
    settings: next,
    actor: { id: auth.userId, name: auth.user.name },
  });
  return asEntries(next);
};
