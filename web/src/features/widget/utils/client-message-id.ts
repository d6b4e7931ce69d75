/**
 * The widget's own id for a message, sent with it so that a send retried after a lost answer is stored once.
 * 16 random bytes in URL-safe base64 (22 characters of [A-Za-z0-9_-], as the API accepts).
 */
export const newClientMessageId = (fill: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string => {
  const bytes = fill(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
