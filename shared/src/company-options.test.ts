import { describe, expect, it } from 'vitest';
import {
  companyOptionChoices,
  companyOptionKeys,
  missingMessages,
  optionValueIssue,
  requiredMessageOf,
  withDefaults,
} from './company-options.ts';
import { companySettingsDefaults } from './contracts/settings.ts';

describe('company options', () => {
  it('cover every company option key of document 2 section 3 but the platform switch allowSignup', () => {
    const spec =
      'userCreation, userRating, scheduleType, chatBotType, acceptCallWhatsapp, userRandom, sendGreetingMessageOneQueues, sendSignMessage, sendFarewellWaitingTicket, sendGreetingAccepted, sendQueuePosition, acceptAudioMessageContact, enableLGPD, requiredTag, lgpdDeleteMessage, lgpdHideNumber, lgpdConsent, lgpdMessage, lgpdLink, sendMsgTransfTicket, DirectTicketsToWallets, closeTicketOnTransfer, transferMessage, greetingAcceptedMessage, AcceptCallWhatsappMessage, sendQueuePositionMessage, showNotificationPending';
    for (const key of spec.split(', ')) expect(companyOptionKeys).toContain(key);
  });

  it('give every default a value its key accepts', () => {
    for (const key of companyOptionKeys) expect(optionValueIssue(key, companySettingsDefaults[key]), key).toBeNull();
    expect(companyOptionChoices.scheduleType).toEqual(['disabled', 'company', 'queue', 'connection']);
  });

  it('refuse a value outside the choices and a text over its limit', () => {
    expect(optionValueIssue('scheduleType', 'weekly')).toBe('One of disabled, company, queue, connection');
    expect(optionValueIssue('enableLGPD', 'true')).toBe('One of enabled, disabled');
    expect(optionValueIssue('lgpdLink', 'x'.repeat(501))).toBe('At most 500 characters');
  });

  it('require the message of an option the change turns on or whose message it empties, and nothing else', () => {
    const base = withDefaults({});
    expect(missingMessages({ ...base, sendMsgTransfTicket: 'enabled' }, ['sendMsgTransfTicket'])).toEqual(['transferMessage']);
    expect(
      missingMessages({ ...base, sendMsgTransfTicket: 'enabled', transferMessage: 'Transferido' }, [
        'sendMsgTransfTicket',
        'transferMessage',
      ]),
    ).toEqual([]);
    // LGPD on without a consent message: masking works alone, the question is simply not asked
    expect(missingMessages({ ...base, enableLGPD: 'enabled' }, ['enableLGPD'])).toEqual([]);
    expect(
      missingMessages({ ...base, sendGreetingAccepted: 'enabled', greetingAcceptedMessage: ' ' }, ['greetingAcceptedMessage']),
    ).toEqual(['greetingAcceptedMessage']);
    // the defaults enable sendGreetingAccepted with no message: an unrelated change passes
    expect(missingMessages(base, ['userRating'])).toEqual([]);
    expect(Object.keys(requiredMessageOf).sort()).toEqual([
      'acceptCallWhatsapp',
      'sendGreetingAccepted',
      'sendMsgTransfTicket',
      'sendQueuePosition',
    ]);
  });
});
