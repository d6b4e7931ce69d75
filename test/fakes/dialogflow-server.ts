/**
 * A local fake of Google's OAuth2 token endpoint and Dialogflow ES's v2 REST detectIntent, for the integration
 * tests. The token endpoint takes the JWT bearer grant and checks the assertion as Google does: RS256 signature by
 * the service account's registered public key, audience (the token URL), scope and lifetime. detectIntent checks the
 * bearer token, the project and the query (text with languageCode, or Ogg/Opus audio), and answers from a script:
 * fulfillment messages per query text, an intent that ends the conversation, and nothing for anything else (the
 * fallback without a reply). An audio query is "heard" as its bytes read as UTF-8 text.
 */
import { createPublicKey, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DialogflowIntent {
  texts: string[];
  endConversation?: boolean;
}

export interface DetectCall {
  project: string;
  session: string;
  text?: string;
  audio?: string;
  audioEncoding?: string;
  languageCode?: string;
}

export interface FakeDialogflow {
  /** the API base (DIALOGFLOW_API_URL) */
  url: string;
  /** the token endpoint (GOOGLE_OAUTH_TOKEN_URL) */
  tokenUrl: string;
  /** service accounts Google knows, by client_email: their public key and project */
  accounts: Map<string, { publicKey: KeyObject; project: string }>;
  /** the agent's script: lowercased query text -> reply */
  intents: Map<string, DialogflowIntent>;
  tokenRequests: { ok: boolean; reason?: string }[];
  detects: DetectCall[];
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export const startFakeDialogflow = async (): Promise<FakeDialogflow> => {
  const accounts = new Map<string, { publicKey: KeyObject; project: string }>();
  const intents = new Map<string, DialogflowIntent>();
  const tokens = new Map<string, { email: string; expiresAt: number }>();
  const tokenRequests: FakeDialogflow['tokenRequests'] = [];
  const detects: DetectCall[] = [];
  let tokenUrl = '';

  /** The reason an assertion is refused, or the account it signs for. */
  const checkAssertion = (jwt: string): { email: string } | { reason: string } => {
    const parts = jwt.split('.');
    if (parts.length !== 3) return { reason: 'not a JWT' };
    const [h, c, s] = parts as [string, string, string];
    let header: any;
    let claims: any;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));
    } catch {
      return { reason: 'malformed JWT' };
    }
    if (header.alg !== 'RS256') return { reason: 'alg must be RS256' };
    const account = accounts.get(claims.iss);
    if (!account) return { reason: 'unknown service account' };
    const valid = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(account.publicKey, Buffer.from(s, 'base64url'));
    if (!valid) return { reason: 'invalid signature' };
    if (claims.aud !== tokenUrl) return { reason: 'wrong audience' };
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes('https://www.googleapis.com/auth/cloud-platform'))
      return { reason: 'scope' };
    if (
      !Number.isInteger(claims.iat) ||
      !Number.isInteger(claims.exp) ||
      claims.exp <= claims.iat ||
      claims.exp - claims.iat > 3600
    )
      return { reason: 'lifetime' };
    return { email: claims.iss };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        tokenRequests.push({ ok: false, reason: 'grant_type' });
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      const checked = checkAssertion(form.get('assertion') ?? '');
      if ('reason' in checked) {
        tokenRequests.push({ ok: false, reason: checked.reason });
        return send(res, 400, { error: 'invalid_grant', error_description: checked.reason });
      }
      const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
      tokens.set(token, { email: checked.email, expiresAt: Date.now() + 3600_000 });
      tokenRequests.push({ ok: true });
      return send(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (req.method === 'POST' && detect) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const holder = token ? tokens.get(token) : undefined;
      if (!holder || holder.expiresAt < Date.now())
        return send(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
      const project = decodeURIComponent(detect[1]!);
      if (accounts.get(holder.email)?.project !== project)
        return send(res, 403, googleError(403, 'PERMISSION_DENIED', `Permission denied on project ${project}`));
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload'));
      }
      const q = body?.queryInput ?? {};
      const call: DetectCall = { project, session: decodeURIComponent(detect[2]!) };
      let heard: string;
      if (q.text) {
        if (typeof q.text.text !== 'string' || !q.text.text || typeof q.text.languageCode !== 'string')
          return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'text and languageCode are required'));
        call.text = q.text.text;
        call.languageCode = q.text.languageCode;
        heard = q.text.text;
      } else if (q.audioConfig) {
        if (typeof body.inputAudio !== 'string' || typeof q.audioConfig.languageCode !== 'string')
          return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'inputAudio and languageCode are required'));
        call.audioEncoding = q.audioConfig.audioEncoding;
        call.languageCode = q.audioConfig.languageCode;
        heard = Buffer.from(body.inputAudio, 'base64').toString('utf8');
        call.audio = heard;
      } else {
        return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'queryInput is required'));
      }
      detects.push(call);
      const intent = intents.get(heard.trim().toLowerCase());
      const messages = (intent?.texts ?? []).map((t) => ({ text: { text: [t] } }));
      return send(res, 200, {
        responseId: randomBytes(8).toString('hex'),
        queryResult: {
          queryText: heard,
          languageCode: call.languageCode,
          action: intent ? 'scripted' : 'input.unknown',
          parameters: {},
          allRequiredParamsPresent: true,
          fulfillmentText: intent?.texts[0] ?? '',
          fulfillmentMessages: messages,
          intent: {
            name: `projects/${project}/agent/intents/${intent ? 'scripted' : 'fallback'}`,
            displayName: intent ? 'Scripted' : 'Default Fallback Intent',
            ...(intent?.endConversation ? { endInteraction: true } : {}),
          },
          intentDetectionConfidence: intent ? 1 : 0.3,
          ...(intent?.endConversation ? { diagnosticInfo: { end_conversation: true } } : {}),
        },
      });
    }
    return send(res, 404, googleError(404, 'NOT_FOUND', 'Not found'));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, googleError(500, 'INTERNAL', (error as Error).message)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${url}/token`;
  return {
    url,
    tokenUrl,
    accounts,
    intents,
    tokenRequests,
    detects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A throwaway service account for a test: the JSON key Google would hand out, and its public key for the fake. */
export const testServiceAccount = (project: string): { json: string; email: string; publicKey: KeyObject } => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const email = `bot-${randomBytes(4).toString('hex')}@${project}.iam.gserviceaccount.com`;
  const json = JSON.stringify({
    type: 'service_account',
    project_id: project,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: email,
    client_id: '1',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, email, publicKey: createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })) };
};
