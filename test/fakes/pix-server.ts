/**
 * A local fake of a Pix payment provider (a PSP's API in the Banco Central's Pix API standard): OAuth2 client
 * credentials at /oauth/token, immediate charges at PUT/GET /v2/cob/{txid}, the standard's error format. A payment
 * is made by calling `pay(txid)` (tests, the console of `npm start`) or POST /fake/cob/{txid}/pay with the fake's
 * pay secret in `x-fake-pix-secret` (made anew at each start): the charge turns CONCLUIDA and the provider's notice
 * is posted to the webhook address, signed with the shared secret. Without the secret, any page a browser on this
 * machine opens, or any local process, could mark a charge paid.
 * With `tls` it serves HTTPS and, as PSPs do, refuses any client without a certificate of its CA (mutual TLS); the
 * test certificates in ./pix-tls are made for these tests only (see its README).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface FakeCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  calendario: { criacao: string; expiracao: number };
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface FakePixOptions {
  clientId?: string;
  clientSecret?: string;
  webhookSecret: string;
  /** where payment notices go (set later when the receiving server starts after the fake) */
  webhookUrl?: string;
  host?: string;
  /** serve HTTPS with this certificate and require client certificates signed by `ca` */
  tls?: { key: string; cert: string; ca: string };
}

export interface FakePix {
  url: string;
  clientId: string;
  clientSecret: string;
  /** required in `x-fake-pix-secret` by the HTTP pay and listing endpoints */
  paySecret: string;
  pixKey: string;
  webhookUrl: string | undefined;
  charges: Map<string, FakeCob>;
  /** notices posted and the status each got */
  notices: { txid: string; status: number }[];
  /** pays the charge and posts the notice; `repeat` posts the same notice that many times (providers do resend) */
  pay(txid: string, options?: { repeat?: number }): Promise<FakeCob>;
  /** the charges still waiting for a payment, newest first */
  pending(): FakeCob[];
  /** posts a notice for a charge as it is now (paid or not), signed with `secret` (default the shared one) */
  notify(txid: string, secret?: string): Promise<number>;
  close(): Promise<void>;
}

/** The header the fake's own endpoints (pay a charge, list charges) take its pay secret in. */
export const FAKE_PIX_SECRET_HEADER = 'x-fake-pix-secret';

export const pixSignature = (body: string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const AMOUNT = /^\d{1,10}\.\d{2}$/;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The standard's problem format (RFC 7807). */
const problem = (res: ServerResponse, status: number, title: string, detail: string) =>
  send(res, status, { type: `https://pix.bcb.gov.br/api/v2/error/${title.replace(/\s+/g, '')}`, title, status, detail });

/** A BR Code-like copy-and-paste text naming the charge and its amount (not a payable code). */
const brCode = (cob: Pick<FakeCob, 'txid' | 'valor' | 'chave'>) =>
  `00020101021226830014br.gov.bcb.pix2561pix.fake.local/qr/v2/${cob.txid}5204000053039865406${cob.valor.original}5802BR5913SWITCHBOARD6009SAO PAULO62070503***6304FAKE`;

export const startFakePix = async (options: FakePixOptions): Promise<FakePix> => {
  const clientId = options.clientId ?? 'fake-client';
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const tokens = new Set<string>();
  const charges = new Map<string, FakeCob>();
  const notices: FakePix['notices'] = [];
  const paySecret = randomBytes(24).toString('base64url');

  const holdsPaySecret = (req: IncomingMessage) => {
    const given = Buffer.from(String(req.headers[FAKE_PIX_SECRET_HEADER] ?? ''));
    const expected = Buffer.from(paySecret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const authorised = (req: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return match !== null && tokens.has(match[1]!);
  };

  const notify = async (txid: string, secret = options.webhookSecret): Promise<number> => {
    const cob = charges.get(txid);
    if (!cob || !fake.webhookUrl) throw new Error(`No charge ${txid} or no webhook address`);
    const pix = cob.pix ?? [
      {
        endToEndId: `E${randomBytes(15).toString('hex').slice(0, 31)}`,
        txid,
        valor: cob.valor.original,
        horario: new Date().toISOString(),
      },
    ];
    const body = JSON.stringify({ pix });
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pix-signature': pixSignature(body, secret) },
      body,
    });
    await res.text();
    notices.push({ txid, status: res.status });
    return res.status;
  };

  const fake: FakePix = {
    url: '',
    clientId,
    clientSecret,
    paySecret,
    pixKey: 'pix@switchboard.local',
    webhookUrl: options.webhookUrl,
    charges,
    notices,
    async pay(txid, payOptions = {}) {
      const cob = charges.get(txid);
      if (!cob) throw new Error(`The fake Pix provider has no charge ${txid}`);
      if (cob.status !== 'CONCLUIDA') {
        cob.status = 'CONCLUIDA';
        cob.pix = [
          {
            endToEndId: `E${randomBytes(16).toString('hex').slice(0, 31)}`,
            txid,
            valor: cob.valor.original,
            horario: new Date().toISOString(),
          },
        ];
      }
      for (let i = 0; i < (payOptions.repeat ?? 1); i++) await notify(txid);
      return cob;
    },
    pending: () => [...charges.values()].filter((c) => c.status === 'ATIVA').reverse(),
    notify,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const listener: RequestListener = (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
        const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
        if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: 'invalid_client' });
        const token = randomBytes(24).toString('hex');
        tokens.add(token);
        return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read' });
      }
      // the fake's own endpoints: tools and browser tests pay through here (a person paying with a bank app, in the
      // real world); refused without this start's secret
      if (parts[0] === 'fake' && !holdsPaySecret(req))
        return problem(res, 403, 'AcessoNegado', `${FAKE_PIX_SECRET_HEADER} missing or wrong`);
      if (req.method === 'POST' && parts[0] === 'fake' && parts[1] === 'cob' && parts[3] === 'pay' && parts[2]) {
        const txid = decodeURIComponent(parts[2]);
        if (!charges.has(txid)) return problem(res, 404, 'CobNaoEncontrado', `No charge ${txid}`);
        return send(res, 200, await fake.pay(txid));
      }
      if (req.method === 'GET' && url.pathname === '/fake/cob') return send(res, 200, { cobs: [...charges.values()] });
      if (parts[0] === 'v2' && parts[1] === 'cob' && parts[2] && parts.length === 3) {
        if (!authorised(req)) return problem(res, 401, 'AcessoNegado', 'Missing or unknown access token');
        const txid = decodeURIComponent(parts[2]);
        if (req.method === 'GET') {
          const cob = charges.get(txid);
          return cob ? send(res, 200, cob) : problem(res, 404, 'CobNaoEncontrado', `No charge ${txid}`);
        }
        if (req.method === 'PUT') {
          if (!TXID.test(txid)) return problem(res, 400, 'CobOperacaoInvalida', 'txid must have 26 to 35 letters and digits');
          let body: any;
          try {
            body = JSON.parse(raw);
          } catch {
            return problem(res, 400, 'SchemaInvalido', 'Malformed JSON');
          }
          const original = body?.valor?.original;
          if (typeof original !== 'string' || !AMOUNT.test(original) || Number(original) <= 0)
            return problem(res, 400, 'CobOperacaoInvalida', 'valor.original must be a positive amount with 2 decimals');
          if (typeof body.chave !== 'string' || !body.chave) return problem(res, 400, 'CobOperacaoInvalida', 'chave is required');
          if (body.devedor && !(body.devedor.nome && (body.devedor.cpf || body.devedor.cnpj)))
            return problem(res, 400, 'CobOperacaoInvalida', 'devedor needs nome and cpf or cnpj');
          if (charges.has(txid)) return problem(res, 400, 'CobOperacaoInvalida', `txid ${txid} already used`);
          const cob: FakeCob = {
            txid,
            status: 'ATIVA',
            calendario: { criacao: new Date().toISOString(), expiracao: Number(body.calendario?.expiracao ?? 86400) },
            ...(body.devedor ? { devedor: body.devedor } : {}),
            valor: { original },
            chave: body.chave,
            solicitacaoPagador: body.solicitacaoPagador,
            pixCopiaECola: '',
          };
          cob.pixCopiaECola = brCode(cob);
          charges.set(txid, cob);
          return send(res, 201, cob);
        }
      }
      return problem(res, 404, 'NaoEncontrado', `${req.method} ${url.pathname}`);
    })().catch((error: unknown) => problem(res, 500, 'ErroInterno', (error as Error).message));
  };
  const server: Server = options.tls
    ? createTlsServer(
        { key: options.tls.key, cert: options.tls.cert, ca: options.tls.ca, requestCert: true, rejectUnauthorized: true },
        listener,
      )
    : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  fake.url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
};
