/**
 * AES-256-GCM with associated data, for whatever the platform seals under a key of its own: companies' secrets
 * (secret-box.ts, the data key) and paging cursors (table/cursor.ts, a key derived from the signing secret).
 * Kept apart from secret-box.ts so that sealing a cursor does not make a function a reader of the data key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const GCM_IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;

export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

export const gcmSeal = (key: Buffer, plain: Buffer, aad: Buffer): Sealed => {
  const iv = randomBytes(GCM_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: GCM_TAG_BYTES });
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
};

/** The plain bytes; throws when the value was sealed under another key or other associated data, or was changed. */
export const gcmOpen = (key: Buffer, sealed: Sealed, aad: Buffer): Buffer => {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv, { authTagLength: GCM_TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
};
