/**
 * Web Push as the application server speaks it: a message encrypted for one browser's subscription (RFC 8291: the
 * aes128gcm content coding of RFC 8188 in a single record, keyed from an ephemeral ECDH P-256 pair and the
 * subscription's auth secret), and the VAPID authorization for the push service's origin (RFC 8292: an ES256 JWT and
 * the application server's public key). Pure protocol: which pushes to send, and to whom, is the push module's.
 */
import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign, type ECDH } from 'node:crypto';

/** A subscription's keys as the browser's `PushSubscription.toJSON()` gives them (base64url). */
export interface PushKeys {
  p256dh: string;
  auth: string;
}

/** The application server's VAPID key pair (base64url): the 65-byte uncompressed point and the 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The record size written in the header; one record carries the whole message. */
const RECORD_SIZE = 4096;
/** salt (16) + record size (4) + key id length (1) + the sender's public key (65) */
const HEADER_BYTES = 86;
/** the padding delimiter of the last record (1) and the AES-GCM tag (16) */
const RECORD_OVERHEAD = 17;
/** A push service must accept a body of 4096 bytes (RFC 8291 section 4): the longest message that fits in it. */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - HEADER_BYTES - RECORD_OVERHEAD;
/** RFC 8292: a token may be valid for 24 hours at most; ours for 12. */
const VAPID_TOKEN_SECONDS = 12 * 3600;

/** A subscription's keys, or a message, that cannot be used. */
export class PushInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushInputError';
  }
}

const decodeKey = (value: string, bytes: number, what: string): Buffer => {
  const raw = /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0);
  if (raw.length !== bytes) throw new PushInputError(`${what} must be ${bytes} bytes in base64url`);
  return raw;
};

/** The subscription's keys decoded and checked: an uncompressed P-256 point and a 16-byte auth secret. */
export const decodePushKeys = (keys: PushKeys): { receiverPublicKey: Buffer; authSecret: Buffer } => {
  const receiverPublicKey = decodeKey(keys.p256dh, 65, 'p256dh');
  if (receiverPublicKey[0] !== 0x04) throw new PushInputError('p256dh must be an uncompressed P-256 point');
  return { receiverPublicKey, authSecret: decodeKey(keys.auth, 16, 'auth') };
};

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * The body of a push message: the RFC 8188 header (salt, record size, the sender's ephemeral public key) and the one
 * encrypted record. `fixed` pins the salt and the sender's key (only the protocol's test vectors need it).
 */
export const encryptPushPayload = (
  message: string | Uint8Array,
  keys: PushKeys,
  fixed?: { salt: Buffer; sender: ECDH },
): Buffer => {
  const plaintext = typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message);
  if (plaintext.length > MAX_PUSH_PAYLOAD_BYTES) {
    throw new PushInputError(`a push message holds ${MAX_PUSH_PAYLOAD_BYTES} bytes at most, not ${plaintext.length}`);
  }
  const { receiverPublicKey, authSecret } = decodePushKeys(keys);
  const sender = fixed?.sender ?? createECDH('prime256v1');
  if (!fixed) sender.generateKeys();
  const senderPublicKey = sender.getPublicKey();
  let shared: Buffer;
  try {
    shared = sender.computeSecret(receiverPublicKey);
  } catch {
    throw new PushInputError('p256dh is not a point of the P-256 curve');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), receiverPublicKey, senderPublicKey]);
  const ikm = hkdf(shared, authSecret, keyInfo, 32);
  const salt = fixed?.salt ?? randomBytes(16);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  // 0x02: the delimiter of the last (here the only) record, with no padding after it
  const record = Buffer.concat([
    cipher.update(plaintext),
    cipher.update(Buffer.from([0x02])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublicKey.length, 20);
  return Buffer.concat([header, senderPublicKey, record]);
};

/** The order of P-256's base point: a private key is a scalar from 1 to n - 1. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * The VAPID key pair that a secret stands for: the same secret gives the same pair, so a deployment keeps its key
 * (and the browsers' subscriptions made with it) in a generated secret string, with no key file to manage. The
 * scalar comes from HKDF over the secret; the rare output outside 1..n-1 moves to the next counter.
 */
export const vapidKeysFromSecret = (secret: string): VapidKeys => {
  if (secret.length < 32) throw new PushInputError('the VAPID secret must be at least 32 characters');
  for (let counter = 0; ; counter++) {
    const d = hkdf(Buffer.from(secret, 'utf8'), Buffer.from('switchboard web push'), Buffer.from(`vapid key ${counter}`), 32);
    const scalar = BigInt(`0x${d.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const pair = createECDH('prime256v1');
    pair.setPrivateKey(d);
    return { publicKey: pair.getPublicKey().toString('base64url'), privateKey: d.toString('base64url') };
  }
};

/** A new VAPID key pair. */
export const generateVapidKeys = (): VapidKeys => {
  const pair = createECDH('prime256v1');
  pair.generateKeys();
  const d = pair.getPrivateKey();
  return {
    publicKey: pair.getPublicKey().toString('base64url'),
    // a scalar with leading zero bytes may come shorter: the key is always its 32 bytes
    privateKey: Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url'),
  };
};

/**
 * The `Authorization` header for a push to `endpoint`: a JWT for the endpoint's origin, valid for 12 hours, naming
 * `subject` (a mailto: or https: contact for the push service's operator), and the public key that verifies it.
 */
export const vapidAuthorization = (endpoint: string, vapid: VapidKeys, subject: string, now = Date.now()): string => {
  const publicKey = decodeKey(vapid.publicKey, 65, 'the VAPID public key');
  const d = Buffer.from(vapid.privateKey, 'base64url');
  if (d.length > 32 || d.length === 0) throw new PushInputError('the VAPID private key must be 32 bytes in base64url');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url'),
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33, 65).toString('base64url'),
    },
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + VAPID_TOKEN_SECONDS,
    sub: subject,
  })}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${signature}, k=${vapid.publicKey}`;
};

/** RFC 8030's Topic: up to 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

export interface PushMessage {
  endpoint: string;
  keys: PushKeys;
  /** the text the service worker receives (JSON by convention) */
  payload: string;
  /** how long the push service keeps the message for an offline device, in seconds */
  ttlSeconds: number;
  /** a later message of the same topic replaces one not yet delivered */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** The HTTP request that hands one message to the push service. */
export const pushRequest = (
  message: PushMessage,
  vapid: VapidKeys,
  subject: string,
  now = Date.now(),
): { url: string; headers: Record<string, string>; body: Buffer } => {
  if (!Number.isInteger(message.ttlSeconds) || message.ttlSeconds < 0) throw new PushInputError('ttlSeconds must be 0 or more');
  if (message.topic !== undefined && !TOPIC.test(message.topic))
    throw new PushInputError('a topic is 1 to 32 base64url characters');
  const headers: Record<string, string> = {
    Authorization: vapidAuthorization(message.endpoint, vapid, subject, now),
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    TTL: String(message.ttlSeconds),
    Urgency: message.urgency ?? 'normal',
  };
  if (message.topic) headers.Topic = message.topic;
  return { url: message.endpoint, headers, body: encryptPushPayload(message.payload, message.keys) };
};
