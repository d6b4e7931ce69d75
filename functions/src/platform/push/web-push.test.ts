import { createDecipheriv, createECDH, createHmac, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MAX_PUSH_PAYLOAD_BYTES,
  PushInputError,
  encryptPushPayload,
  generateVapidKeys,
  pushRequest,
  vapidKeysFromSecret,
  vapidAuthorization,
} from './web-push.ts';

/** RFC 8291, appendix A: fixed keys, salt and the exact body they make. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  senderPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  receiverPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  receiverPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/**
 * The browser's side, written out step by step from RFC 8291 section 3 with HMAC (not the encryptor's HKDF call):
 * reads the header, derives the key and nonce, opens the record and strips the padding.
 */
const decryptAsBrowser = (body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string => {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(record.length);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const prkKey = hmac(receiver.auth, shared);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
};

const browser = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = Buffer.from('0123456789abcdef');
  return {
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
};

/** What a push service checks of the Authorization header: the JWT's signature by k, its audience and expiry. */
const checkVapid = (authorization: string, endpoint: string, now: number) => {
  const found = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
  expect(found).not.toBeNull();
  const [, header, claims, signature, k] = found!;
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  const decoded = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  return {
    valid,
    k: k!,
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()) as object,
    ...decoded,
    nowSeconds: now / 1000,
    endpoint,
  };
};

describe('web push encryption (RFC 8291)', () => {
  it("makes exactly the RFC's example body from its keys and salt", () => {
    const sender = createECDH('prime256v1');
    sender.setPrivateKey(Buffer.from(RFC8291.senderPrivate, 'base64url'));
    const body = encryptPushPayload(
      RFC8291.plaintext,
      { p256dh: RFC8291.receiverPublic, auth: RFC8291.auth },
      { salt: Buffer.from(RFC8291.salt, 'base64url'), sender },
    );
    expect(body.toString('base64url')).toBe(RFC8291.body);
  });

  it("is read by the browser's side with the subscription's keys, with a fresh salt and sender key each time", () => {
    const ua = browser();
    const text = JSON.stringify({ title: 'Nova conversa', body: 'Olá, preciso de ajuda com o pedido nº 4411 ção' });
    const first = encryptPushPayload(text, ua.keys);
    const second = encryptPushPayload(text, ua.keys);
    expect(decryptAsBrowser(first, ua)).toBe(text);
    expect(decryptAsBrowser(second, ua)).toBe(text);
    expect(first.subarray(0, 16).equals(second.subarray(0, 16))).toBe(false);
    expect(first.subarray(21, 86).equals(second.subarray(21, 86))).toBe(false);
  });

  it('fails the tag for another subscription, so a push never opens with the wrong keys', () => {
    const body = encryptPushPayload('segredo', browser().keys);
    expect(() => decryptAsBrowser(body, browser())).toThrow();
  });

  it('takes the longest message that fits a 4096-byte body and refuses one byte more', () => {
    const ua = browser();
    const longest = 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES);
    const body = encryptPushPayload(longest, ua.keys);
    expect(body.length).toBe(4096);
    expect(decryptAsBrowser(body, ua)).toBe(longest);
    expect(() => encryptPushPayload(`${longest}x`, ua.keys)).toThrow(PushInputError);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', () => {
    const { keys } = browser();
    expect(() => encryptPushPayload('a', { ...keys, auth: 'c2hvcnQ' })).toThrow(/auth must be 16 bytes/);
    expect(() => encryptPushPayload('a', { ...keys, p256dh: keys.p256dh.slice(0, 40) })).toThrow(/p256dh must be 65 bytes/);
    expect(() => encryptPushPayload('a', { ...keys, p256dh: `A${keys.p256dh.slice(1)}` })).toThrow(PushInputError);
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    expect(() => encryptPushPayload('a', { ...keys, p256dh: offCurve.toString('base64url') })).toThrow(/P-256/);
    expect(() => encryptPushPayload('a', { ...keys, auth: 'not base64!!!!!!!!!!!!' })).toThrow(PushInputError);
  });
});

describe('VAPID (RFC 8292)', () => {
  const endpoint = 'https://push.example.net/wpush/v2/abc?x=1';
  const now = Date.UTC(2026, 10, 29, 12, 0, 0);

  it("signs a token for the push service's origin, valid 12 hours, that the public key verifies", () => {
    const vapid = generateVapidKeys();
    const seen = checkVapid(vapidAuthorization(endpoint, vapid, 'mailto:ops@switchboard.example', now), endpoint, now);
    expect(seen.valid).toBe(true);
    expect(seen.k).toBe(vapid.publicKey);
    expect(seen.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(seen.aud).toBe('https://push.example.net');
    expect(seen.exp).toBe(now / 1000 + 12 * 3600);
    expect(seen.sub).toBe('mailto:ops@switchboard.example');
  });

  it('derives one key pair per secret, the same every time, that signs tokens its public key verifies', () => {
    const secret = 'k'.repeat(20) + 'a-deployment-secret-of-64-chars';
    const first = vapidKeysFromSecret(secret);
    expect(vapidKeysFromSecret(secret)).toEqual(first);
    expect(vapidKeysFromSecret(`${secret}!`).publicKey).not.toBe(first.publicKey);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(checkVapid(vapidAuthorization(endpoint, first, 'mailto:a@b.c', now), endpoint, now).valid).toBe(true);
    expect(() => vapidKeysFromSecret('short')).toThrow(/at least 32/);
  });

  it('a token signed by another key does not verify with this public key', () => {
    const vapid = generateVapidKeys();
    const other = generateVapidKeys();
    const forged = vapidAuthorization(
      endpoint,
      { publicKey: vapid.publicKey, privateKey: other.privateKey },
      'mailto:a@b.c',
      now,
    );
    expect(checkVapid(forged, endpoint, now).valid).toBe(false);
  });

  it('builds the request a push service takes: encrypted body, TTL, Topic and Urgency', () => {
    const vapid = generateVapidKeys();
    const ua = browser();
    const request = pushRequest(
      { endpoint, keys: ua.keys, payload: '{"ticketId":7}', ttlSeconds: 3600, topic: 'ticket-7', urgency: 'high' },
      vapid,
      'mailto:ops@switchboard.example',
      now,
    );
    expect(request.url).toBe(endpoint);
    expect(request.headers).toMatchObject({
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      TTL: '3600',
      Topic: 'ticket-7',
      Urgency: 'high',
    });
    expect(checkVapid(request.headers.Authorization!, endpoint, now).valid).toBe(true);
    expect(decryptAsBrowser(request.body, ua)).toBe('{"ticketId":7}');
    const message = { endpoint, keys: ua.keys, payload: 'x', ttlSeconds: 60 };
    expect(() => pushRequest({ ...message, topic: 'ticket 7' }, vapid, 'mailto:a@b.c')).toThrow(/topic/);
    expect(() => pushRequest({ ...message, topic: 'x'.repeat(33) }, vapid, 'mailto:a@b.c')).toThrow(/topic/);
    expect(() => pushRequest({ ...message, ttlSeconds: -1 }, vapid, 'mailto:a@b.c')).toThrow(/ttlSeconds/);
  });
});
