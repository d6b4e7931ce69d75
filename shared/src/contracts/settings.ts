import { z } from 'zod';

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
} as const;
export type CompanySettings = { [K in keyof typeof companySettingsDefaults]: string };
export const companySettings = z.object(
  Object.fromEntries(Object.keys(companySettingsDefaults).map((k) => [k, z.string()])) as {
    [K in keyof typeof companySettingsDefaults]: z.ZodString;
  },
);
