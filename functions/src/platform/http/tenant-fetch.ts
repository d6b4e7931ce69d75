/**
 * The one way the server calls a URL a tenant gave it (an n8n or webhook integration, a Typebot server, the media a
 * bot points at). With TENANT_URLS_PRIVATE=deny (the default) it reaches public addresses only: the address
 * check runs inside the connection's own DNS lookup, so the address checked is the address connected to and a name
 * that changes its answer between a check and the connection (DNS rebinding) gains nothing. Every redirect hop is
 * checked again; the whole call has one deadline and the answer a size limit.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { config } from '../config.ts';
import { addressRefusal, literalHostRefusal } from './tenant-address.ts';

export type TenantUrlPolicy = 'deny' | 'allow';

/**
 * deny unless configured otherwise. The local runtime always sets it: allow while its gateway listens on loopback
 * only (n8n or Typebot often run beside the product), deny once HOST opens it to a network (infra/local/exposure.ts).
 */
export const tenantUrlPolicy = (): TenantUrlPolicy => config().TENANT_URLS_PRIVATE ?? 'deny';

/** The URL, or an address it leads to, is not one the server calls for a tenant. */
export class TenantUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(`URL refused: ${reason}`);
    this.name = 'TenantUrlRefused';
  }
}

/** The remote side did not answer usefully: timeout, answer too large, too many redirects. */
export class TenantFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TenantFetchError';
  }
}

export interface TenantFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** for the whole call, redirects and the answer's body included */
  timeoutMs: number;
  /** the answer's body is refused past this size */
  maxBytes: number;
}

export interface TenantResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  body: Buffer;
  /** the URL that answered, after redirects */
  url: string;
}

/** What decides which addresses are refused; tests replace parts of it (every local test server is private). */
export interface AddressGuard {
  policy: TenantUrlPolicy;
  /** why an address is refused, undefined when it may be reached */
  refusalOf: (address: string) => string | undefined;
  /** dns.lookup with all: true */
  lookup: (
    hostname: string,
    options: LookupOptions & { all: true },
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => void;
}

export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** the ports fetch() refuses (the Fetch standard's "bad ports"): mail, shell, IRC... a POST there would be a protocol smuggle */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113,
  115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556,
  563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667,
  6668, 6669, 6679, 6697, 10080,
]);
/** headers that stay with the origin they were meant for */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** A URL the call may go to at all, whatever its host resolves to. */
const checkedUrl = (url: URL, guard: AddressGuard): URL => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TenantUrlRefused(`${url.protocol} is not http or https`);
  if (url.username || url.password) throw new TenantUrlRefused('a URL with credentials in it');
  if (url.port && BAD_PORTS.has(Number(url.port))) throw new TenantUrlRefused(`port ${url.port} is not for HTTP`);
  if (guard.policy === 'deny') {
    // an IP literal is connected to without a lookup, so it is checked here
    const literal = literalHostRefusal(url, guard.refusalOf);
    if (literal) throw new TenantUrlRefused(literal);
  }
  return url;
};

/** The lookup the connection makes: every address the name has must pass, or none is connected to. */
const guardedLookup =
  (guard: AddressGuard): LookupFunction =>
  (hostname, options, callback) => {
    guard.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      for (const a of addresses) {
        const what = guard.refusalOf(a.address);
        if (what) return callback(new TenantUrlRefused(`${hostname} resolves to ${a.address} (${what})`), '');
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

const headersOf = (res: IncomingMessage): Headers => {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
};

interface Hop {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** One request; answers the response with its body unread (a redirect's body is never wanted). */
const send = (url: URL, hop: Hop, guard: AddressGuard, signal: AbortSignal): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: {
        'user-agent': 'switchboard',
        ...hop.headers,
        ...(hop.body !== undefined ? { 'content-length': String(Buffer.byteLength(hop.body)) } : {}),
      },
      // a connection of its own: a pooled socket would skip the lookup that checks the address
      agent: false,
      ...(guard.policy === 'deny' ? { lookup: guardedLookup(guard) } : {}),
      signal,
    });
    req.once('response', resolve);
    // `on`, not `once`: the socket may fail again after the response came, and an unheard 'error' would crash the process
    req.on('error', (error) => reject(signal.aborted ? signal.reason : error));
    req.end(hop.body);
  });

const readBody = (res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(res.headers['content-length'] ?? 0);
    const tooLarge = () => new TenantFetchError(`answer larger than ${maxBytes} bytes`);
    if (declared > maxBytes) {
      res.destroy();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onAbort = () => res.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) res.destroy(tooLarge());
      else chunks.push(chunk);
    });
    res.once('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks));
    });
    res.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(signal.aborted ? signal.reason : error);
    });
  });

/** The next hop of a redirect the way fetch() follows it: 303, and a POST answered by 301 or 302, become a GET. */
const nextHop = (status: number, from: URL, to: URL, hop: Hop): Hop => {
  const toGet = (status === 303 && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
  const headers = Object.fromEntries(
    Object.entries(hop.headers).filter(([name]) => {
      const n = name.toLowerCase();
      if (toGet && n.startsWith('content-')) return false;
      return from.origin === to.origin || !ORIGIN_BOUND_HEADERS.includes(n);
    }),
  );
  return toGet ? { method: 'GET', headers } : { ...hop, headers };
};

/**
 * Calls a tenant's URL and answers its status, headers and body. Throws TenantUrlRefused when the URL or an address
 * it leads to is refused, TenantFetchError on timeout, size or redirect limits, and the network's own errors.
 */
export const tenantFetch = async (
  url: string | URL,
  options: TenantFetchOptions,
  guardOverride: Partial<AddressGuard> = {},
): Promise<TenantResponse> => {
  const guard: AddressGuard = {
    refusalOf: addressRefusal,
    lookup: dnsLookup,
    ...guardOverride,
    policy: guardOverride.policy ?? tenantUrlPolicy(),
  };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new TenantFetchError(`no answer within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  try {
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      throw new TenantUrlRefused('not a valid URL');
    }
    let hop: Hop = { method: (options.method ?? 'GET').toUpperCase(), headers: options.headers ?? {}, body: options.body };
    for (let redirects = 0; ; redirects++) {
      const res = await send(checkedUrl(current, guard), hop, guard, controller.signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (redirects === MAX_REDIRECTS) throw new TenantFetchError(`more than ${MAX_REDIRECTS} redirects`);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new TenantFetchError('redirected to an invalid URL');
        }
        hop = nextHop(res.statusCode!, current, next, hop);
        current = next;
        continue;
      }
      const body = await readBody(res, options.maxBytes, controller.signal);
      const status = res.statusCode ?? 0;
      return { status, ok: status >= 200 && status < 300, headers: headersOf(res), body, url: current.toString() };
    }
  } finally {
    clearTimeout(timer);
  }
};
