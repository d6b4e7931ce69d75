import { companySettingsDefaults } from '@switchboard/shared/contracts/settings';
import { describe, expect, it } from 'vitest';
import { customMessages, isDirty, messagePatch, onSelect, optionGroups, visibleTabs, withoutDraft } from './settings-form.ts';

const saved = { ...companySettingsDefaults };

describe('settings page model', () => {
  it('shows the options tab always, the schedules tab only for company hours, and the four platform tabs to the super user only', () => {
    expect(visibleTabs(saved, false)).toEqual(['options']);
    expect(visibleTabs({ ...saved, scheduleType: 'company' }, false)).toEqual(['options', 'schedules']);
    expect(visibleTabs({ ...saved, scheduleType: 'queue' }, true)).toEqual(['options', 'companies', 'plans', 'helps', 'whitelabel']);
  });

  it('keeps the super-only userCreation in its own group and the LGPD message out of the custom messages', () => {
    expect(optionGroups.find((g) => g.options.includes('userCreation'))?.superOnly).toBe(true);
    expect(customMessages.map((m) => m.message).sort()).toEqual(['AcceptCallWhatsappMessage', 'greetingAcceptedMessage', 'sendQueuePositionMessage', 'transferMessage']);
  });

  it('saves a select at once unless it turns on an option whose message is empty', () => {
    expect(onSelect(saved, {}, 'scheduleType', 'company')).toEqual({ kind: 'save', column: 'scheduleType', data: 'company' });
    expect(onSelect(saved, {}, 'enableLGPD', 'enabled')).toEqual({ kind: 'needsMessage', option: 'enableLGPD', message: 'lgpdMessage' });
    expect(onSelect({ ...saved, lgpdMessage: 'Aceita?' }, {}, 'enableLGPD', 'enabled')).toEqual({ kind: 'save', column: 'enableLGPD', data: 'enabled' });
    expect(onSelect(saved, {}, 'enableLGPD', 'disabled')).toEqual({ kind: 'save', column: 'enableLGPD', data: 'disabled' });
  });

  it('saves a message with its waiting option, and refuses an empty one while the option is on', () => {
    const drafts = { enableLGPD: 'enabled' };
    expect(messagePatch(saved, drafts, 'lgpdMessage')).toEqual({ error: 'required' });
    expect(messagePatch(saved, { ...drafts, lgpdMessage: 'Aceita os termos?' }, 'lgpdMessage')).toEqual({ patch: { lgpdMessage: 'Aceita os termos?', enableLGPD: 'enabled' } });
    expect(messagePatch(saved, { lgpdLink: 'https://example.com/privacy' }, 'lgpdLink')).toEqual({ patch: { lgpdLink: 'https://example.com/privacy' } });
    expect(isDirty(saved, drafts, 'lgpdMessage')).toBe(true);
    expect(isDirty(saved, {}, 'transferMessage')).toBe(false);
    expect(withoutDraft({ enableLGPD: 'enabled', lgpdMessage: 'x', lgpdLink: 'y' }, 'enableLGPD', 'lgpdMessage')).toEqual({ lgpdLink: 'y' });
  });
});
