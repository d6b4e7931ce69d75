import { describe, expect, it } from 'vitest';
import { pixTls } from './pix-settings.ts';

describe('the Pix client certificate settings', () => {
  it('takes PEM kept on one line with \\n for its line breaks', () => {
    expect(pixTls({ cert: '-----BEGIN CERTIFICATE-----\\nAAA\\n-----END CERTIFICATE-----', key: 'K\\nEY', ca: 'C\\nA' })).toEqual(
      {
        cert: '-----BEGIN CERTIFICATE-----\nAAA\n-----END CERTIFICATE-----',
        key: 'K\nEY',
        ca: 'C\nA',
      },
    );
  });

  it('takes a base64 PKCS#12 bundle with its passphrase', () => {
    expect(pixTls({ pfx: Buffer.from('bundle').toString('base64'), passphrase: 'p' })).toEqual({
      pfx: Buffer.from('bundle'),
      passphrase: 'p',
    });
  });

  it('refuses half a certificate, and has no TLS settings when none is given', () => {
    expect(() => pixTls({ cert: 'C' })).toThrow(/both its certificate and its key/);
    expect(() => pixTls({ key: 'K' })).toThrow(/both/);
    expect(pixTls({})).toBeUndefined();
    expect(pixTls({ ca: 'C' })).toEqual({ ca: 'C' });
  });
});
