/**
 * The Pix API of the Banco Central's standard (the one Efí, Itaú, Sicoob and other PSPs serve): OAuth2 client
 * credentials at /oauth/token, immediate charges at PUT/GET /v2/cob/{txid}. The base URL, credentials and receiving
 * key come from configuration; the access token is kept until shortly before it expires.
 * (PSPs also require mutual TLS on these calls; a deployment gives the client certificate to Node through its
 * environment, e.g. a proxy, which this client does not manage.)
 */
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
  now?: () => number;
}

interface CobAnswer {
  txid: string;
  status: PixChargeStatus;
  valor: { original: string };
  pixCopiaECola?: string;
}

const toCharge = (cob: CobAnswer): PixCharge => ({ txid: cob.txid, status: cob.status, amount: cob.valor.original, copyPaste: cob.pixCopiaECola ?? '' });

export class PixApiClient implements PaymentProvider {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly settings: PixApiSettings) {}

  private now(): number {
    return this.settings.now?.() ?? Date.now();
  }

  private async call(method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: any }> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.settings.baseUrl.replace(/\/?$/, '/')), {
        method,
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Pix provider unreachable: ${(error as Error).message}`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status, body };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.call('POST', 'oauth/token', { headers: { authorization: `Basic ${basic}` }, body: { grant_type: 'client_credentials' } });
    if (res.status !== 200 || typeof res.body?.access_token !== 'string') throw new PaymentProviderError('Pix provider refused the credentials', res.status);
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
    if (res.status !== 200 && res.status !== 201) throw new PaymentProviderError(`Pix provider refused the charge: ${JSON.stringify(res.body)}`, res.status);
    return toCharge(res.body as CobAnswer);
  }

  async getPixCharge(txid: string): Promise<PixCharge | undefined> {
    const res = await this.authorised('GET', `v2/cob/${encodeURIComponent(txid)}`);
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw new PaymentProviderError(`Pix provider refused the charge lookup: ${JSON.stringify(res.body)}`, res.status);
    return toCharge(res.body as CobAnswer);
  }
}
