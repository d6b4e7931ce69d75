import { z } from 'zod';
import { uploadBody } from './uploads.ts';

/** Settings any visitor may read before signing in (login page, branding). */
export const publicSettingKeys = [
  'allowSignup',
  'appName',
  'primaryColorLight',
  'primaryColorDark',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
] as const;
export type PublicSettingKey = (typeof publicSettingKeys)[number];

export const publicSettingParams = z.object({ key: z.enum(publicSettingKeys) });
export const publicSettingResponse = z.object({ key: z.string(), value: z.string().nullable() });

/** Company settings the inbox reads (spec document 1, section 3) with their defaults for a new company. */
export const companySettingsDefaults = {
  showNotificationPending: 'disabled',
  sendGreetingAccepted: 'enabled',
  greetingAcceptedMessage: '',
  requiredTag: 'disabled',
  sendSignMessage: 'enabled',
  lgpdHideNumber: 'disabled',
  lgpdDeleteMessage: 'disabled',
  enableLGPD: 'disabled',
  allUserChat: 'disabled',
  userRating: 'disabled',
  scheduleType: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  acceptCallWhatsapp: 'enabled',
  DirectTicketsToWallets: 'disabled',
  closeTicketOnTransfer: 'disabled',
  /** IANA zone of the company's hours, schedules, campaigns and day-based figures; '' reads as the server's TIME_ZONE */
  timeZone: '',
  // the rest of the company options of document 2 section 3 (the settings page); values in company-options.ts
  userCreation: 'enabled',
  chatBotType: 'text',
  userRandom: 'disabled',
  sendFarewellWaitingTicket: 'disabled',
  sendQueuePosition: 'disabled',
  sendQueuePositionMessage: '',
  acceptAudioMessageContact: 'enabled',
  AcceptCallWhatsappMessage: '',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  transferMessage: '',
  // the Campaigns menu for plans with campaigns (spec document 3 section 2: plan flag and company setting)
  campaignsEnabled: 'enabled',
} as const;
export type CompanySettings = { [K in keyof typeof companySettingsDefaults]: string };
export const companySettings = z.object(
  Object.fromEntries(Object.keys(companySettingsDefaults).map((k) => [k, z.string()])) as {
    [K in keyof typeof companySettingsDefaults]: z.ZodString;
  },
);

/** The white-label editor (spec document 2 sections 3, 5 and 9); colours are stored as hex with '#'. */
const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour');
export const whitelabelBody = z
  .object({
    appName: z.string().trim().max(50, 'Too Long!').optional(),
    primaryColorLight: hexColour.optional(),
    primaryColorDark: hexColour.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export const logoModes = ['Light', 'Dark', 'Favicon'] as const;
export type LogoMode = (typeof logoModes)[number];
/** The setting each logo mode fills. */
export const logoSettingOf: Record<LogoMode, 'appLogoLight' | 'appLogoDark' | 'appLogoFavicon'> = {
  Light: 'appLogoLight',
  Dark: 'appLogoDark',
  Favicon: 'appLogoFavicon',
};
export const BRAND_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const whitelabelLogoBody = uploadBody({
  style: 'setting',
  use: 'brandLogo',
  maxBytes: BRAND_LOGO_MAX_BYTES,
  extra: { mode: z.enum(logoModes) },
});
export const whitelabelLogoResponse = z.object({
  key: z.string(),
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});
export const whitelabel = z.object(
  Object.fromEntries(publicSettingKeys.map((k) => [k, z.string().nullable()])) as Record<
    PublicSettingKey,
    z.ZodNullable<z.ZodString>
  >,
);
export type Whitelabel = z.infer<typeof whitelabel>;

/**
 * The installable app's web app manifest (GET /app-manifest): the white label's name and favicon, the light theme's
 * colour, opening on the inbox in a window of its own.
 */
export const appManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string().optional(),
  purpose: z.enum(['any', 'maskable']),
});
export const appManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(appManifestIcon).min(1),
});
export type AppManifest = z.infer<typeof appManifest>;
