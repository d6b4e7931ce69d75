import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePix, type FakePix } from '../../../../../test/fakes/pix-server.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import { PixApiClient } from './pix-api-client.ts';

let fake: FakePix;
beforeAll(async () => {
  fake = await startFakePix({ webhookSecret: 'a-webhook-secret-of-the-test' });
});
afterAll(async () => {
  await fake?.close();
});

const client = (overrides: Partial<ConstructorParameters<typeof PixApiClient>[0]> = {}) =>
  new PixApiClient({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    pixKey: fake.pixKey,
    ...overrides,
  });

const txid = (n: number) => `SBTEST${String(n).padStart(22, '0')}`;

describe('the Pix API client', () => {
  it('creates a charge with the payer as devedor (CPF or CNPJ) and reads it back, paid or not', async () => {
    const pix = client();
    const charge = await pix.createPixCharge({
      txid: txid(1),
      amount: '91.00',
      payer: { name: 'Maria', document: '123.456.789-09' },
      description: 'Plano',
      expiresInSeconds: 3600,
    });
    expect(charge).toMatchObject({ txid: txid(1), status: 'ATIVA', amount: '91.00' });
    expect(charge.copyPaste).toMatch(/^000201/);
    expect(fake.charges.get(txid(1))).toMatchObject({
      devedor: { cpf: '12345678909', nome: 'Maria' },
      chave: fake.pixKey,
      calendario: { expiracao: 3600 },
    });
    await pix.createPixCharge({
      txid: txid(2),
      amount: '10.00',
      payer: { name: 'Loja', document: '12.345.678/0001-95' },
      description: 'Plano',
      expiresInSeconds: 60,
    });
    expect(fake.charges.get(txid(2))!.devedor).toEqual({ cnpj: '12345678000195', nome: 'Loja' });
    // a document that is neither leaves the charge without a payer, as the standard requires both or neither
    await pix.createPixCharge({
      txid: txid(3),
      amount: '10.00',
      payer: { name: 'X', document: '123' },
      description: 'Plano',
      expiresInSeconds: 60,
    });
    expect(fake.charges.get(txid(3))!.devedor).toBeUndefined();

    fake.charges.get(txid(1))!.status = 'CONCLUIDA';
    expect(await pix.getPixCharge(txid(1))).toMatchObject({ status: 'CONCLUIDA', amount: '91.00' });
    expect(await pix.getPixCharge(txid(99))).toBeUndefined();
  });

  it('refuses with PaymentProviderError on bad credentials, a refused charge or an unreachable provider', async () => {
    await expect(client({ clientSecret: 'wrong' }).getPixCharge(txid(1))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      client().createPixCharge({ txid: 'short', amount: '1.00', description: 'x', expiresInSeconds: 60 }),
    ).rejects.toThrow(/refused the charge/);
    await expect(client({ baseUrl: 'http://127.0.0.1:9' }).getPixCharge(txid(1))).rejects.toThrow(/unreachable/);
  });
});

describe('the Pix API client over mutual TLS', () => {
  const dir = fileURLToPath(new URL('../../../../../test/fakes/pix-tls/', import.meta.url));
  const read = (name: string) => readFileSync(`${dir}${name}`, 'utf8');
  let tlsFake: FakePix;
  beforeAll(async () => {
    tlsFake = await startFakePix({
      webhookSecret: 'a-webhook-secret-of-the-test',
      tls: { key: read('server.key'), cert: read('server.pem'), ca: read('ca.pem') },
    });
  });
  afterAll(async () => {
    await tlsFake?.close();
  });
  const tlsClient = (tls: ConstructorParameters<typeof PixApiClient>[0]['tls']) =>
    new PixApiClient({
      baseUrl: tlsFake.url,
      clientId: tlsFake.clientId,
      clientSecret: tlsFake.clientSecret,
      pixKey: tlsFake.pixKey,
      tls,
    });

  it('makes and reads a charge with the client certificate, as PEM or as PKCS#12', async () => {
    expect(tlsFake.url).toMatch(/^https:/);
    const pem = tlsClient({ cert: read('client.pem'), key: read('client.key'), ca: read('ca.pem') });
    expect(
      await pem.createPixCharge({ txid: txid(10), amount: '49.00', description: 'Plano', expiresInSeconds: 60 }),
    ).toMatchObject({ txid: txid(10), status: 'ATIVA' });
    const p12 = tlsClient({ pfx: readFileSync(`${dir}client.p12`), passphrase: 'test-passphrase', ca: read('ca.pem') });
    expect(await p12.getPixCharge(txid(10))).toMatchObject({ amount: '49.00' });
  });

  it('cannot reach the provider without a certificate it trusts, nor a provider it does not trust', async () => {
    await expect(tlsClient({ ca: read('ca.pem') }).getPixCharge(txid(10))).rejects.toThrow(/unreachable/);
    await expect(
      tlsClient({ cert: read('stranger.pem'), key: read('stranger.key'), ca: read('ca.pem') }).getPixCharge(txid(10)),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    // the PSP's certificate is checked too: without its CA the server is not trusted
    await expect(tlsClient({ cert: read('client.pem'), key: read('client.key') }).getPixCharge(txid(10))).rejects.toThrow(
      /unreachable/,
    );
  });
});
