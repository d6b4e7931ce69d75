import { describe, expect, it } from 'vitest';
import { outboundDelivery } from '../../platform/ports/queue.ts';
import { InvalidOutboundSend, parseOutboundSend, retryDelaySeconds, SEND_RETRY_WINDOW_MS } from './outbound.service.ts';

describe('retries of a send', () => {
  it('back off from 2 seconds, doubling up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds(n))).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('wait for an unavailable channel the whole retry window, and fail at its end, within the receive limit', () => {
    let elapsedMs = 0;
    let receive = 1;
    // each receive tries the channel; past the window, or out of receives, the send is stored as failed
    while (elapsedMs < SEND_RETRY_WINDOW_MS && receive < outboundDelivery.maxReceiveCount) {
      elapsedMs += retryDelaySeconds(receive, SEND_RETRY_WINDOW_MS - elapsedMs) * 1000;
      receive += 1;
    }
    expect(elapsedMs).toBeGreaterThanOrEqual(SEND_RETRY_WINDOW_MS);
    expect(elapsedMs).toBeLessThan(SEND_RETRY_WINDOW_MS + 60_000);
    expect(receive).toBeLessThanOrEqual(outboundDelivery.maxReceiveCount);
  });

  it('never wait past the deadline of the window', () => {
    expect(retryDelaySeconds(6, 5_500)).toBe(6);
    expect(retryDelaySeconds(1, 500)).toBe(1);
  });
});

describe('queued sends', () => {
  it('refuse bodies that are not sends, so they end in the DLQ', () => {
    expect(() => parseOutboundSend('not json')).toThrow(InvalidOutboundSend);
    expect(() => parseOutboundSend('{"kind":"send","companyId":1}')).toThrow(InvalidOutboundSend);
    const send = {
      kind: 'send',
      companyId: 1,
      connectionId: 2,
      channel: 'webchat',
      contactId: 3,
      messageId: '4-01J0000000000000000000000A',
    };
    expect(parseOutboundSend(JSON.stringify(send))).toEqual(send);
  });
});
