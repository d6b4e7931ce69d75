import { describe, expect, it } from 'vitest';
import { GraphError, validWebhookSignature, verificationChallenge, webhookSignature } from './graph-client.ts';

describe('Meta webhook checks', () => {
  const raw = Buffer.from('{"text":"ação 😀"}');
  it('accepts the signature of the exact bytes only', () => {
    const signature = webhookSignature(raw, 'secret');
    expect(validWebhookSignature(raw, signature, 'secret')).toBe(true);
    expect(validWebhookSignature(Buffer.from('{"text":"acao"}'), signature, 'secret')).toBe(false);
    expect(validWebhookSignature(raw, signature, 'other')).toBe(false);
    expect(validWebhookSignature(raw, undefined, 'secret')).toBe(false);
    expect(validWebhookSignature(raw, 'sha256=short', 'secret')).toBe(false);
    expect(validWebhookSignature(raw, signature, undefined)).toBe(false);
  });

  it('echoes the challenge only for subscribe with the right token', () => {
    expect(verificationChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, 'tok')).toBe(
      '42',
    );
    expect(
      verificationChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'bad', 'hub.challenge': '42' }, 'tok'),
    ).toBeUndefined();
    expect(
      verificationChallenge({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, 'tok'),
    ).toBeUndefined();
    expect(
      verificationChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, undefined),
    ).toBeUndefined();
  });

  it('sorts Graph errors by what can be done', () => {
    expect(new GraphError(503, undefined, 'x').retryable).toBe(true);
    expect(new GraphError(429, 4, 'x').retryable).toBe(true);
    expect(new GraphError(400, 100, 'x').retryable).toBe(false);
    expect(new GraphError(400, 190, 'expired').tokenRejected).toBe(true);
  });
});
