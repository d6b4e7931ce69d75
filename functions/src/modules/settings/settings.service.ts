import type { PublicSettingKey } from '@switchboard/shared/contracts/settings';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { clock } from '../../platform/clock.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { getSetting, putSetting, putSettingIfMissing } from './settings.repository.ts';
import { presentPublicSetting } from './whitelabel.service.ts';

/** Platform settings a fresh install starts with. */
export const platformSettingDefaults: Record<string, string> = {
  allowSignup: 'enabled',
  userCreation: 'enabled',
  appName: 'Switchboard',
  primaryColorLight: '#0000FF',
  primaryColorDark: '#39ACE7',
};

export const readPublicSetting = async (key: PublicSettingKey): Promise<{ key: string; value: string | null }> => ({
  key,
  value: await presentPublicSetting(key, await getSetting(PLATFORM_COMPANY_ID, key)),
});

export const readPlatformSetting = (key: string): Promise<string | undefined> => getSetting(PLATFORM_COMPANY_ID, key);

export const writeSetting = (companyId: number, key: string, value: string): Promise<void> =>
  putSetting(companyId, key, value, clock().now().toISOString());

export const seedPlatformSettings = async (): Promise<void> => {
  const at = clock().now().toISOString();
  for (const [key, value] of Object.entries(platformSettingDefaults)) {
    await putSettingIfMissing(PLATFORM_COMPANY_ID, key, value, at);
  }
};

/** One setting of the caller's own company (the ticket view's reads). */
export const companySetting = (auth: AuthContext, column: string): { column: string; value: string | null } => ({
  column,
  value: (auth.company.settings as Record<string, string> | undefined)?.[column] ?? null,
});
