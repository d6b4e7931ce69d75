/** What a Typebot answer becomes in the outbox: pauses, the unknown message, commands and choices. */
import { describe, expect, it } from 'vitest';
import type { QueueIntegrationRecord } from '../../modules/queue-integrations/queue-integration.entity.ts';
import { bubblesOf } from './typebot.ts';

const integration = { typebotDelayMessage: 500, typebotUnknownMessage: 'Não entendi' } as QueueIntegrationRecord;
const text = (t: string, invalidReply = false) => ({ kind: 'text' as const, text: t, invalidReply });

describe('typebot bubbles', () => {
  it("puts the delay between messages and the bot's waits before the next one", () => {
    const out = bubblesOf(
      {
        bubbles: [
          { kind: 'wait', seconds: 1 },
          text('a'),
          { kind: 'media', mediaType: 'image', url: 'https://x/p.png' },
          { kind: 'wait', seconds: 2 },
          { kind: 'choices', items: ['Sim', 'Não'] },
        ],
      },
      integration,
    );
    expect(out).toEqual([
      { kind: 'text', body: 'a', delayMs: 1000 },
      { kind: 'media', mediaType: 'image', url: 'https://x/p.png', delayMs: 500 },
      { kind: 'text', body: '• Sim\n• Não', delayMs: 2500 },
    ]);
  });

  it('reads #-JSON texts as commands and drops what the bot says after one', () => {
    expect(bubblesOf({ bubbles: [text('#{"queueId": 4, "userId": "7"}'), text('depois')] }, integration)).toEqual([
      { kind: 'command', queueId: 4, userId: 7, delayMs: 0 },
    ]);
    expect(bubblesOf({ bubbles: [text('ok'), text('#{"stopBot": true}')] }, integration)).toEqual([
      { kind: 'text', body: 'ok', delayMs: 0 },
      { kind: 'command', stopBot: true, delayMs: 500 },
    ]);
    // not a command: a hashtag, or JSON that names nothing
    expect(bubblesOf({ bubbles: [text('#promo'), text('#{"x": 1}')] }, integration).map((b) => b.kind)).toEqual(['text', 'text']);
  });

  it("replaces Typebot's invalid-reply text, and answers an empty reply with the unknown message", () => {
    expect(bubblesOf({ bubbles: [text('Invalid message. Please, try again.', true)] }, integration)).toEqual([
      { kind: 'text', body: 'Não entendi', delayMs: 0 },
    ]);
    expect(bubblesOf({ bubbles: [] }, integration)).toEqual([{ kind: 'text', body: 'Não entendi', delayMs: 0 }]);
    expect(bubblesOf({ bubbles: [] }, { ...integration, typebotUnknownMessage: null })).toEqual([]);
  });
});
