/**
 * The company options of the settings page (spec document 2 sections 3, 5 and 6; server reference 2 and 9.5): the
 * values each key takes, the custom messages an option needs when it is on, and who may change what. Read by the
 * API (validation) and the web page (its selects and required fields) alike; no zod, so the page ships without it.
 */
import { companySettingsDefaults, type CompanySettings } from './contracts/settings.ts';

export type CompanyOptionKey = keyof CompanySettings;
export const companyOptionKeys = Object.keys(companySettingsDefaults) as CompanyOptionKey[];

export const enabledDisabledValues = ['enabled', 'disabled'] as const;
/** Server reference 2.4: where opening hours are kept, if anywhere. */
export const scheduleTypes = ['disabled', 'company', 'queue', 'connection'] as const;
export type ScheduleType = (typeof scheduleTypes)[number];
/** Server reference 2.1: the menu is sent as text; button and list are the interactive WhatsApp forms. */
export const chatBotTypes = ['text', 'button', 'list'] as const;

/** Free-text options (custom messages and the LGPD link) and their longest accepted value. */
export const companyTextLimits: Partial<Record<CompanyOptionKey, number>> = {
  greetingAcceptedMessage: 2000,
  sendQueuePositionMessage: 2000,
  AcceptCallWhatsappMessage: 2000,
  lgpdMessage: 2000,
  lgpdLink: 500,
  transferMessage: 2000,
};

/** Options whose value is neither a fixed choice nor free text: an IANA time zone name. */
export const TIME_ZONE_OPTION = 'timeZone' satisfies CompanyOptionKey;

/** Whether the runtime's Intl knows `value` as a time zone (IANA names and their aliases, any letter case). */
export const isTimeZone = (value: string): boolean => {
  if (!value.trim() || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** The choices of every option that is not free text. */
export const companyOptionChoices: Partial<Record<CompanyOptionKey, readonly string[]>> = Object.fromEntries(
  companyOptionKeys
    .filter((k) => companyTextLimits[k] === undefined && k !== TIME_ZONE_OPTION)
    .map((k) => [k, k === 'scheduleType' ? scheduleTypes : k === 'chatBotType' ? chatBotTypes : enabledDisabledValues]),
);

/**
 * Spec document 2 section 5: the custom message each option sends, required while the option is enabled. Not
 * enableLGPD: it also switches on the masking and deletion options, and its consent question is asked only when
 * lgpdMessage is written (server reference 1.3).
 */
export const requiredMessageOf: Partial<Record<CompanyOptionKey, CompanyOptionKey>> = {
  sendGreetingAccepted: 'greetingAcceptedMessage',
  sendQueuePosition: 'sendQueuePositionMessage',
  acceptCallWhatsapp: 'AcceptCallWhatsappMessage',
  sendMsgTransfTicket: 'transferMessage',
};

/** Server reference 1.3: the LGPD consent question is asked only while LGPD is on and its message is written. */
export const companyAsksConsent = (settings: Record<string, string | undefined>): boolean =>
  settings.enableLGPD === 'enabled' && Boolean(settings.lgpdMessage?.trim());

/** Spec document 2 section 6: only a super user changes these. */
export const superOnlyOptions: readonly CompanyOptionKey[] = ['userCreation'];

export const isCompanyOptionKey = (key: string): key is CompanyOptionKey => Object.hasOwn(companySettingsDefaults, key);

/** Why a value does not fit its key ('oneOf' with the choices, 'tooLong'), or null when it fits. */
export const optionValueIssue = (key: CompanyOptionKey, value: string): string | null => {
  // empty: the server's default zone
  if (key === TIME_ZONE_OPTION) return value === '' || isTimeZone(value) ? null : 'An IANA time zone, such as America/Sao_Paulo';
  const choices = companyOptionChoices[key];
  if (choices) return choices.includes(value) ? null : `One of ${choices.join(', ')}`;
  const max = companyTextLimits[key] ?? 0;
  return value.length > max ? `At most ${max} characters` : null;
};

/**
 * The custom messages a change leaves empty while their option is on. Only the pairs the change touches count: a
 * company whose defaults enable an option with no message yet is not refused an unrelated change.
 */
export const missingMessages = (after: Partial<CompanySettings>, changed: readonly string[]): CompanyOptionKey[] =>
  (Object.entries(requiredMessageOf) as [CompanyOptionKey, CompanyOptionKey][])
    .filter(([option, message]) => changed.includes(option) || changed.includes(message))
    .filter(([option, message]) => after[option] === 'enabled' && !(after[message] ?? '').trim())
    .map(([, message]) => message);

/** The stored options completed with the defaults of keys added after the company was created. */
export const withDefaults = (stored: Partial<CompanySettings> | undefined): CompanySettings => ({
  ...companySettingsDefaults,
  ...(stored ?? {}),
});
