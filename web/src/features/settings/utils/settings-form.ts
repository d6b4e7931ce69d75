/**
 * The settings page's model (spec document 2 "Settings page", sections 3, 5 and 6): its tabs, how the options are
 * grouped, and what a change does: a select saves its column at once, unless it turns on an option whose custom
 * message is still empty; then the option waits, the message is asked for, and both are saved together.
 */
import { missingMessages, requiredMessageOf, type CompanyOptionKey } from '@switchboard/shared/company-options';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';

export type SettingsTab = 'options' | 'schedules' | 'companies' | 'plans' | 'helps' | 'whitelabel';

interface TabDef {
  key: SettingsTab;
  superOnly?: true;
  /** the super user's tabs arrive with the administration work: listed here, shown once built */
  built: boolean;
  when?: (settings: CompanySettings) => boolean;
}

export const settingsTabs: readonly TabDef[] = [
  { key: 'options', built: true },
  { key: 'schedules', built: true, when: (s) => s.scheduleType === 'company' },
  { key: 'companies', superOnly: true, built: true },
  { key: 'plans', superOnly: true, built: true },
  { key: 'helps', superOnly: true, built: true },
  { key: 'whitelabel', superOnly: true, built: true },
];

export const visibleTabs = (settings: CompanySettings, isSuper: boolean): SettingsTab[] =>
  settingsTabs.filter((t) => t.built && (!t.superOnly || isSuper) && (!t.when || t.when(settings))).map((t) => t.key);

export interface OptionGroup {
  key: 'service' | 'messages' | 'transfers' | 'platform';
  options: readonly CompanyOptionKey[];
  superOnly?: true;
}

export const optionGroups: readonly OptionGroup[] = [
  {
    key: 'service',
    options: [
      'userRating',
      'scheduleType',
      'chatBotType',
      'userRandom',
      'sendGreetingMessageOneQueues',
      'acceptAudioMessageContact',
      'requiredTag',
      'showNotificationPending',
      'allUserChat',
      'campaignsEnabled',
    ],
  },
  {
    key: 'messages',
    options: [
      'sendSignMessage',
      'sendFarewellWaitingTicket',
      'sendGreetingAccepted',
      'sendQueuePosition',
      'acceptCallWhatsapp',
      'sendMsgTransfTicket',
    ],
  },
  { key: 'transfers', options: ['DirectTicketsToWallets', 'closeTicketOnTransfer'] },
  { key: 'platform', options: ['userCreation'], superOnly: true },
];

/** The LGPD section: the switch, then (while it is on) its message, link and three options. */
export const LGPD_SWITCH = 'enableLGPD' satisfies CompanyOptionKey;
export const lgpdTexts: readonly CompanyOptionKey[] = ['lgpdMessage', 'lgpdLink'];
export const lgpdOptions: readonly CompanyOptionKey[] = ['lgpdDeleteMessage', 'lgpdHideNumber', 'lgpdConsent'];

/** The custom messages section: each message with the option that sends it (LGPD's lives in its own section). */
export const customMessages = (Object.entries(requiredMessageOf) as [CompanyOptionKey, CompanyOptionKey][]).map(
  ([option, message]) => ({ option, message }),
);

/** Options waiting for their message, and messages being written, over what the server holds. */
export type Drafts = Partial<Record<CompanyOptionKey, string>>;

export const viewOf = (saved: CompanySettings, drafts: Drafts): CompanySettings => ({ ...saved, ...drafts });

export type SelectOutcome =
  | { kind: 'save'; column: CompanyOptionKey; data: string }
  | { kind: 'needsMessage'; option: CompanyOptionKey; message: CompanyOptionKey };

/** What choosing `value` for `key` does: save at once, or wait for the message the option needs. */
export const onSelect = (saved: CompanySettings, drafts: Drafts, key: CompanyOptionKey, value: string): SelectOutcome => {
  const view = { ...viewOf(saved, drafts), [key]: value };
  const [missing] = missingMessages(view, [key]);
  return missing ? { kind: 'needsMessage', option: key, message: missing } : { kind: 'save', column: key, data: value };
};

/** The drafts once a select's column is saved or abandoned: its own draft goes. */
export const withoutDraft = (drafts: Drafts, ...keys: CompanyOptionKey[]): Drafts =>
  Object.fromEntries(Object.entries(drafts).filter(([k]) => !keys.includes(k as CompanyOptionKey))) as Drafts;

/** The option a message belongs to, if it is one that needs it. */
export const optionOfMessage = (message: CompanyOptionKey): CompanyOptionKey | undefined =>
  (Object.entries(requiredMessageOf) as [CompanyOptionKey, CompanyOptionKey][]).find(([, m]) => m === message)?.[0];

/**
 * Saving a message (or the LGPD link): the patch sends it with its waiting option, if any; `error` when the message
 * is empty while its option is (or is about to be) on.
 */
export const messagePatch = (
  saved: CompanySettings,
  drafts: Drafts,
  message: CompanyOptionKey,
): { patch: Drafts } | { error: 'required' } => {
  const view = viewOf(saved, drafts);
  const option = optionOfMessage(message);
  const patch: Drafts = { [message]: view[message] };
  if (option && drafts[option] !== undefined) patch[option] = drafts[option];
  if (missingMessages({ ...saved, ...patch }, Object.keys(patch)).length > 0) return { error: 'required' };
  return { patch };
};

/** Whether a message field has something to save. */
export const isDirty = (saved: CompanySettings, drafts: Drafts, message: CompanyOptionKey): boolean => {
  const option = optionOfMessage(message);
  return (
    (drafts[message] !== undefined && drafts[message] !== saved[message]) ||
    (option !== undefined && drafts[option] !== undefined)
  );
};
