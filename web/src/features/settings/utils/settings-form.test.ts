import { companySettingsDefaults } from '@switchboard/shared/contracts/settings';
import { describe, expect, it } from 'vitest';
import { customMessages, isDirty, messagePatch, onSelect, optionGroups, visibleTabs, withoutDraft } from './settings-form.ts';

const saved = { ...companySettingsDefaults };

describe('settings page model', () => {
  it('shows the options tab always, the schedules tab only for company hours, and the four platform tabs to the super user only', () => {
    expect(visibleTabs(saved, false)).toEqual(['options']);
    expect(visibleTabs({ ...saved, scheduleType: 'company' }, false)).toEqual(['options', 'schedules']);
    expect(visibleTabs({ ...saved, scheduleType: 'queue' }, true)).toEqual([
      'options',
      'companies',
      'plans',
      'helps',
      'whitelabel',
    ]);
  });

  it('keeps the super-only userCreation in its own group and the LGPD message out of the custom messages', () => {
    expect(optionGroups.find((g) => g.options.includes('userCreation'))?.superOnly).toBe(true);
    expect(customMessages.map((m) => m.message).sort()).toEqual([
      'AcceptCallWhatsappMessage',
      'greetingAcceptedMessage',
      'sendQueuePositionMessage',
      'transferMessage',
    ]);
  });

  it('saves a select at once unless it turns on an option whose message is empty', () => {
    expect(onSelect(saved, {}, 'scheduleType', 'company')).toEqual({ kind: 'save', column: 'scheduleType', data: 'company' });
    expect(onSelect(saved, {}, 'sendMsgTransfTicket', 'enabled')).toEqual({
      kind: 'needsMessage',
      option: 'sendMsgTransfTicket',
      message: 'transferMessage',
    });
    expect(onSelect({ ...saved, transferMessage: 'Transferido' }, {}, 'sendMsgTransfTicket', 'enabled')).toEqual({
      kind: 'save',
      column: 'sendMsgTransfTicket',
      data: 'enabled',
    });
    expect(onSelect(saved, {}, 'sendMsgTransfTicket', 'disabled')).toEqual({
      kind: 'save',
      column: 'sendMsgTransfTicket',
      data: 'disabled',
    });
  });

  it('turns LGPD on without a consent message: the masking options work alone', () => {
    expect(onSelect(saved, {}, 'enableLGPD', 'enabled')).toEqual({ kind: 'save', column: 'enableLGPD', data: 'enabled' });
    expect(messagePatch({ ...saved, enableLGPD: 'enabled', lgpdMessage: 'Aceita?' }, { lgpdMessage: '' }, 'lgpdMessage')).toEqual(
      { patch: { lgpdMessage: '' } },
    );
  });

  it('saves a message with its waiting option, and refuses an empty one while the option is on', () => {
    const drafts = { sendMsgTransfTicket: 'enabled' };
    expect(messagePatch(saved, drafts, 'transferMessage')).toEqual({ error: 'required' });
    expect(messagePatch(saved, { ...drafts, transferMessage: 'Transferido' }, 'transferMessage')).toEqual({
      patch: { transferMessage: 'Transferido', sendMsgTransfTicket: 'enabled' },
    });
    expect(messagePatch(saved, { lgpdLink: 'https://example.com/privacy' }, 'lgpdLink')).toEqual({
      patch: { lgpdLink: 'https://example.com/privacy' },
    });
    expect(isDirty(saved, drafts, 'transferMessage')).toBe(true);
    expect(isDirty(saved, {}, 'transferMessage')).toBe(false);
    expect(withoutDraft({ enableLGPD: 'enabled', lgpdMessage: 'x', lgpdLink: 'y' }, 'enableLGPD', 'lgpdMessage')).toEqual({
      lgpdLink: 'y',
    });
  });
});
