/**
 * The Pix API of the Banco Central's standard (the one Efí, Itaú, Sicoob and other PSPs serve): OAuth2 client
 * credentials at /oauth/token, immediate charges at PUT/GET /v2/cob/{txid}. The base URL, credentials and receiving
 * key come from configuration; the access token is kept until shortly before it expires.
 * PSPs require mutual TLS on every call: the client certificate (PEM certificate and key, or a PKCS#12 bundle with
 * its passphrase, as Efí issues it) and, when the PSP's chain is not a public one, its CA, are given in `tls`.
 */
import { request as httpRequest } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import type { PaymentProvider, PixCharge, PixChargeRequest, PixChargeStatus } from '../payment-provider.ts';
import { PaymentProviderError } from '../payment-provider.ts';

const TIMEOUT_MS = 15_000;
/** a token is renewed this long before the provider says it expires */
const TOKEN_MARGIN_MS = 60_000;

export interface PixApiSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the receiving Pix key */
  pixKey: string;
  /** the client certificate for mutual TLS, and the CA of the PSP's certificate when it is not a public one */
  tls?: PixClientTls;
  now?: () => number;
}

/** a PEM certificate and key, or a PKCS#12 bundle and its passphrase; and the CA to trust for the PSP's server */
export interface PixClientTls {
  cert?: string;
  key?: string;
  pfx?: Buffer;
  passphrase?: string;
  ca?: string;
}

interface CobAnswer {
  txid: string;
  status: PixChargeStatus;
  valor: { original: string };
  pixCopiaECola?: string;
}

const toCharge = (cob: CobAnswer): PixCharge => ({
  txid: cob.txid,
  status: cob.status,
  amount: cob.valor.original,
  copyPaste: cob.pixCopiaECola ?? '',
});

export class PixApiClient implements PaymentProvider {
  private token: { value: string; expiresAt: number } | undefined;
  private readonly agent: Agent | undefined;

  constructor(private readonly settings: PixApiSettings) {
    this.agent = settings.tls ? new Agent({ ...settings.tls, keepAlive: true }) : undefined;
  }

  private now(): number {
    return this.settings.now?.() ?? Date.now();
  }

  private async call(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<{ status: number; body: any }> {
    let res: { status: number; text: string };
    try {
      res = await this.send(
        method,
        new URL(path, this.settings.baseUrl.replace(/\/?$/, '/')),
        { 'content-type': 'application/json', ...init.headers },
        init.body === undefined ? undefined : JSON.stringify(init.body),
      );
    } catch (error) {
      throw new PaymentProviderError(`Pix provider unreachable: ${(error as Error).message}`);
    }
    const text = res.text;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, body };
  }

  /** One HTTP exchange, through the mutual-TLS agent on https. */
  private send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const options = {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: TIMEOUT_MS,
      };
      const req =
        url.protocol === 'https:'
          ? httpsRequest(url, { ...options, ...(this.agent ? { agent: this.agent } : {}) })
          : httpRequest(url, options);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.call('POST', 'oauth/token', {
      headers: { authorization: `Basic ${basic}` },
      body: { grant_type: 'client_credentials' },
    });
    if (res.status !== 200 || typeof res.body?.access_token !== 'string')
      throw new PaymentProviderError('Pix provider refused the credentials', res.status);
    const seconds = Number(res.body.expires_in ?? 3600);
    this.token = { value: res.body.access_token, expiresAt: this.now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return this.token.value;
  }

  private async authorised(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    let res = await this.call(method, path, { headers: { authorization: `Bearer ${await this.accessToken()}` }, body });
    if (res.status === 401) {
      // revoked or expired early: one new token, one more try
      this.token = undefined;
      res = await this.call(method, path, { headers: { authorization: `Bearer ${await this.accessToken()}` }, body });
    }
    return res;
  }

  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    const digits = request.payer?.document.replace(/\D/g, '') ?? '';
    const devedor =
      request.payer && digits.length === 11
        ? { cpf: digits, nome: request.payer.name }
        : request.payer && digits.length === 14
          ? { cnpj: digits, nome: request.payer.name }
          : undefined;
    const res = await this.authorised('PUT', `v2/cob/${encodeURIComponent(request.txid)}`, {
      calendario: { expiracao: request.expiresInSeconds },
      ...(devedor ? { devedor } : {}),
      valor: { original: request.amount },
      chave: this.settings.pixKey,
      solicitacaoPagador: request.description.slice(0, 140),
    });
    if (res.status !== 200 && res.status !== 201)
      throw new PaymentProviderError(`Pix provider refused the charge: ${JSON.stringify(res.body)}`, res.status);
    return toCharge(res.body as CobAnswer);
  }

  async getPixCharge(txid: string): Promise<PixCharge | undefined> {
    const res = await this.authorised('GET', `v2/cob/${encodeURIComponent(txid)}`);
    if (res.status === 404) return undefined;
    if (res.status !== 200)
      throw new PaymentProviderError(`Pix provider refused the charge lookup: ${JSON.stringify(res.body)}`, res.status);
    return toCharge(res.body as CobAnswer);
  }
}
