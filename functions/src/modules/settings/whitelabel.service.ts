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
  type AppManifest,
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

/** The product's own name and icons, where the white label gives none (web/public/icons). */
const DEFAULT_APP_NAME = 'Switchboard';
const DEFAULT_ICONS: AppManifest['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
/** The light theme's page background and the spec's default primary colour (document 2 section 9). */
const LIGHT_BACKGROUND = '#f9fafb';
const DEFAULT_PRIMARY_LIGHT = '#0000FF';

/**
 * The web app manifest: the white label's name, its favicon before the product's own icons (a browser picks the
 * size it needs), its light primary colour for the window's title bar; the app opens on the inbox.
 */
export const readAppManifest = async (): Promise<AppManifest> => {
  const brand = await readWhitelabel();
  const name = brand.appName?.trim() || DEFAULT_APP_NAME;
  return {
    id: '/',
    name,
    short_name: name,
    description: name,
    lang: 'pt-BR',
    start_url: '/tickets',
    scope: '/',
    display: 'standalone',
    background_color: LIGHT_BACKGROUND,
    theme_color: brand.primaryColorLight ?? DEFAULT_PRIMARY_LIGHT,
    icons: [
      ...(brand.appLogoFavicon ? [{ src: brand.appLogoFavicon, sizes: 'any', purpose: 'any' as const }] : []),
      ...DEFAULT_ICONS,
    ],
  };
};
