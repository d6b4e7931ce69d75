/**
 * The white label (spec document 2 sections 3, 5, 7 and 9): the platform's name, light and dark primary colours,
 * and a logo per mode (Light, Dark, Favicon). They are company 1's settings; anyone reads them (the login page is
 * branded before sign-in), the super user changes them. Logos are uploaded straight to the blob store through a
 * signed address; the setting keeps the file's key and reads answer a signed address of it.
 */
import {
  logoSettingOf,
  publicSettingKeys,
  type LogoMode,
  type PublicSettingKey,
  type Whitelabel,
} from '@switchboard/shared/contracts/settings';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { clock } from '../../platform/clock.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { getSetting, putSetting } from './settings.repository.ts';
import { PLATFORM_MEDIA_PREFIX, storedFileName } from '../../platform/ports/media-keys.ts';

const isLogo = (key: PublicSettingKey): boolean => key.startsWith('appLogo');

/** A public setting as readers get it: a logo's stored key becomes a signed address of the file. */
export const presentPublicSetting = async (key: PublicSettingKey, value: string | undefined): Promise<string | null> => {
  if (!value) return null;
  return isLogo(key) ? blobStore().downloadUrl(value) : value;
};

export const readWhitelabel = async (): Promise<Whitelabel> => {
  const values = await Promise.all(
    publicSettingKeys.map(
      async (key) => [key, await presentPublicSetting(key, await getSetting(PLATFORM_COMPANY_ID, key))] as const,
    ),
  );
  return Object.fromEntries(values) as Whitelabel;
};

export const updateWhitelabel = async (patch: {
  appName?: string;
  primaryColorLight?: string;
  primaryColorDark?: string;
}): Promise<Whitelabel> => {
  const at = clock().now().toISOString();
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined)
      await putSetting(PLATFORM_COMPANY_ID, key, key.startsWith('primaryColor') ? value.toUpperCase() : value, at);
  }
  return readWhitelabel();
};

export const startLogoUpload = async (file: { mode: LogoMode; name: string; mimeType: string; size: number }) => {
  const key = `${PLATFORM_MEDIA_PREFIX}branding/${file.mode.toLowerCase()}/${storedFileName(file.name, 'logo')}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  await putSetting(PLATFORM_COMPANY_ID, logoSettingOf[file.mode], key, clock().now().toISOString());
  return { key, uploadUrl: target.url, headers: target.headers };
};
