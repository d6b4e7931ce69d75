/**
 * The local stand-in for API Gateway and CloudFront: one HTTP server that
 * - answers `/api/*` from the route table by invoking the same module handlers with API Gateway v2 events,
 * - accepts WebSockets at `/ws` with `$connect` / `$disconnect` / `$default` semantics,
 * - answers the management API (`/@connections/{id}`) that the realtime publisher calls (loopback only),
 * - serves the web build with single-page-app fallback.
 * A stop first stops intake (503 with Retry-After, new sockets refused) and lets what is being answered finish.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_PREFIX, matchRoute, routeKey, type ModuleName } from '@switchboard/shared/routes';
import { mediaResponseHeaders } from '@switchboard/shared/media-types';
import { fileNameOfKey, localMediaPath, verifyLocalMediaSignature } from '../../functions/src/platform/ports/blob-store.ts';
import { isLoopbackAddress } from '../../functions/src/platform/http/tenant-address.ts';
import { httpEvent, lambdaContext, websocketEvent } from './lambda-events.ts';
import {
  acceptedEncoding,
  compress,
  CompressedFiles,
  inlineScriptHashes,
  isCompressible,
  MIN_COMPRESS_BYTES,
  webAppHeaders,
} from './response-policy.ts';

type HttpHandler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
type WsHandler = (event: unknown, context: unknown) => Promise<{ statusCode?: number } | undefined>;

export interface GatewayOptions {
  port: number;
  host?: string;
  /** the module functions, by module name */
  modules: Record<ModuleName, HttpHandler>;
  realtime: WsHandler;
  /** the built web app; omitted or missing means no static files */
  webDir?: string;
  /** API Gateway's limits, lowered by tests to check the closing behaviour */
  idleTimeoutMs?: number;
  maxConnectionMs?: number;
}

export interface Gateway {
  url: string;
  port: number;
  server: Server;
  connectionCount(): number;
  /**
   * Delivers a frame to a socket in process, as the management API's POST @connections/{id} does over HTTP:
   * false when the connection is gone; frames over 128 KB are refused as API Gateway refuses them.
   */
  post(connectionId: string, data: string): boolean;
  /** Closes one socket, as the management API's DELETE @connections/{id} does; false when it is gone already. */
  closeConnection(connectionId: string): boolean;
  /**
   * From now on requests are answered 503 with Retry-After and new sockets are refused; the management API stays
   * open for the handlers still running, and open sockets keep receiving their frames until close.
   */
  stopIntake(): void;
  /** Resolves true once no request or socket message is being handled, false when `timeoutMs` passed first. */
  drain(timeoutMs: number): Promise<boolean>;
  /**
   * Stops intake, drains (bounded) unless a drain already ran after intake stopped, then closes every socket and the
   * server, cutting off whatever is still running.
   */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway's limit for one WebSocket frame */
const MAX_FRAME_BYTES = 128 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
const MAX_CONNECTION_MS = 2 * 60 * 60 * 1000;
/** How long a close waits for the requests being answered. */
const DRAIN_TIMEOUT_MS = 5_000;
/** What a client stopped by a shutdown is told to wait before trying again (a restart takes about this long). */
const RETRY_AFTER_SECONDS = 10;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<Buffer | 'too-large'> =>
  new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });

const headersOf = (req: IncomingMessage): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
};

const sendStopping = (res: ServerResponse) =>
  sendJson(
    res,
    503,
    { error: 'ERR_SERVICE_UNAVAILABLE', message: 'The server is stopping; try again shortly' },
    { 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' },
  );

const isLoopback = (address: string | undefined) => address !== undefined && isLoopbackAddress(address);

const clientIp = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

/** API Gateway connection ids look like `L0SM9cOFvHcCIhw=`. */
const newConnectionId = () => randomBytes(10).toString('base64');

export const startGateway = async (options: GatewayOptions): Promise<Gateway> => {
  const sockets = new Map<
    string,
    { ws: WebSocket; connectedAt: number; lastActiveAt: number; sourceIp: string; userAgent: string }
  >();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  const webRoot = options.webDir && existsSync(join(options.webDir, 'index.html')) ? resolve(options.webDir) : undefined;

  const invokeWs = async (
    routeKeyName: '$connect' | '$disconnect' | '$default',
    connectionId: string,
    extra: Parameters<typeof websocketEvent>[2],
  ) => {
    const result = await options.realtime(websocketEvent(routeKeyName, connectionId, extra), lambdaContext('realtime'));
    return result?.statusCode ?? 200;
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, path);
    if (!match || 'methodNotAllowed' in match) return sendJson(res, 404, { error: 'ERR_ROUTE_NOT_FOUND' });
    const body = await readBody(req);
    if (body === 'too-large') return sendJson(res, 413, { error: 'ERR_PAYLOAD_TOO_LARGE' });
    const event = httpEvent({
      routeKey: routeKey(match.route),
      method,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers: headersOf(req),
      pathParameters: match.params,
      body,
      sourceIp: clientIp(req),
    });
    const result = await options.modules[match.route.module](event, lambdaContext(match.route.module));
    const headers: Record<string, string | string[]> = { 'x-content-type-options': 'nosniff' };
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    let payload: Buffer =
      result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
    const contentType = String(headers['content-type'] ?? '');
    const encoding =
      isCompressible(contentType) && payload.length >= MIN_COMPRESS_BYTES && !headers['content-encoding']
        ? acceptedEncoding(req)
        : undefined;
    if (encoding) {
      payload = await compress(payload, encoding);
      Object.assign(headers, { 'content-encoding': encoding, vary: 'Accept-Encoding' });
    }
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(payload);
  };

  const handleManagement = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { message: 'Forbidden' });
    const connectionId = decodeURIComponent(url.pathname.slice('/@connections/'.length));
    const entry = sockets.get(connectionId);
    if (!entry) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      return res.end(JSON.stringify({ message: 'Gone' }));
    }
    const method = req.method ?? 'GET';
    if (method === 'POST') {
      const body = await readBody(req);
      if (body === 'too-large' || body.length > MAX_FRAME_BYTES) return sendJson(res, 413, { message: 'Payload too large' });
      entry.ws.send(body.toString('utf8'));
      res.writeHead(200);
      return res.end();
    }
    if (method === 'DELETE') {
      entry.ws.close(1000, 'Closed by the application');
      res.writeHead(204);
      return res.end();
    }
    return sendJson(res, 200, {
      ConnectedAt: new Date(entry.connectedAt).toISOString(),
      LastActiveAt: new Date(entry.lastActiveAt).toISOString(),
      Identity: { SourceIp: entry.sourceIp, UserAgent: entry.userAgent },
    });
  };

  /** The S3 stand-in: presigned PUT and GET of media files, checked with the same signatures the BlobStore made. */
  const handleMedia = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const key = decodeURIComponent(url.pathname.slice('/media/'.length));
    const file = localMediaPath(key);
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    if (!file) return sendJson(res, 400, { message: 'Bad key' });
    if (req.method === 'PUT') {
      const type = url.searchParams.get('type') ?? '';
      const size = Number(url.searchParams.get('size'));
      if (!verifyLocalMediaSignature('PUT', key, expires, sig, `${type}\n${size}`))
        return sendJson(res, 403, { message: 'Signature does not match' });
      const body = await readBody(req);
      if (body === 'too-large' || body.length !== size)
        return sendJson(res, 400, { message: 'Size does not match the signed size' });
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: type }));
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!verifyLocalMediaSignature('GET', key, expires, sig))
        return sendJson(res, 403, { message: 'Signature does not match' });
      if (!existsSync(file)) return sendJson(res, 404, { message: 'Not found' });
      const meta = JSON.parse(await readFile(`${file}.meta.json`, 'utf8').catch(() => '{}')) as { contentType?: string };
      // whatever the stored type says (files kept from before the allow-list too), nothing runs on our origin
      res.writeHead(200, {
        ...mediaResponseHeaders(meta.contentType, fileNameOfKey(key)),
        'cache-control': 'private, max-age=3600',
      });
      if (req.method === 'HEAD') return res.end();
      return createReadStream(file).pipe(res);
    }
    return sendJson(res, 405, { message: 'Method not allowed' });
  };

  const compressedFiles = new CompressedFiles();

  const handleStatic = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (!webRoot) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
      return res.end('The web app is not built: run `npm run build -w web`.');
    }
    let file = normalize(join(webRoot, decodeURIComponent(url.pathname)));
    if (!file.startsWith(webRoot + sep) && file !== webRoot) {
      res.writeHead(400);
      return res.end();
    }
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) file = join(webRoot, 'index.html');
    const isAsset = isFile && url.pathname.startsWith('/assets/');
    const contentType = contentTypes[extname(file)] ?? 'application/octet-stream';
    const isPage = extname(file) === '.html';
    const page = isPage ? await readFile(file) : undefined;
    const info = statSync(file);
    const encoding = isCompressible(contentType) && info.size >= MIN_COMPRESS_BYTES ? acceptedEncoding(req) : undefined;
    const headers: Record<string, string> = {
      'content-type': contentType,
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...webAppHeaders(url.pathname, page ? inlineScriptHashes(page.toString('utf8')) : []),
      ...(isCompressible(contentType) ? { vary: 'Accept-Encoding' } : {}),
    };
    if (!encoding) {
      res.writeHead(200, headers);
      if (req.method === 'HEAD') return res.end();
      if (page) return res.end(page);
      return createReadStream(file).pipe(res);
    }
    const body = await compressedFiles.get(
      file,
      `${info.size}:${info.mtimeMs}`,
      async () => page ?? (await readFile(file)),
      encoding,
    );
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  // requests and socket messages being handled, so a stop lets them finish (their 2xx may already be promised)
  // before the queues and the emulator under them stop
  let accepting = true;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  const begin = () => {
    inFlight += 1;
  };
  const end = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const wake of [...idleWaiters]) wake();
  };
  /** a drain ran after intake stopped: the requests then under way have had their time, close does not wait again */
  let drainedAfterStop = false;
  const waitIdle = (timeoutMs: number): Promise<boolean> =>
    inFlight === 0
      ? Promise.resolve(true)
      : new Promise((resolveDrain) => {
          const timer = setTimeout(() => {
            idleWaiters.delete(wake);
            resolveDrain(false);
          }, timeoutMs);
          const wake = () => {
            clearTimeout(timer);
            idleWaiters.delete(wake);
            resolveDrain(true);
          };
          idleWaiters.add(wake);
        });
  const drain = async (timeoutMs: number): Promise<boolean> => {
    const stopped = !accepting;
    const idle = await waitIdle(timeoutMs);
    if (stopped) drainedAfterStop = true;
    return idle;
  };
  const tracked = <T>(work: () => Promise<T>): Promise<T> => {
    begin();
    return work().finally(end);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // the management API stays open while stopping: handlers still finishing post their frames through it
    if (!accepting && !url.pathname.startsWith('/@connections/')) return sendStopping(res);
    begin();
    res.once('close', end);
    const route =
      url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)
        ? handleApi(req, res, url)
        : url.pathname.startsWith('/@connections/')
          ? handleManagement(req, res, url)
          : url.pathname.startsWith('/media/')
            ? handleMedia(req, res, url)
            : handleStatic(req, res, url);
    route.catch((error: unknown) => {
      console.error('[gateway] request failed', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'ERR_INTERNAL', message: 'Internal server error' });
      else res.end();
    });
  });

  // Node answers a malformed request or an oversized header (431) itself with an empty body; answer JSON instead
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? { error: 'ERR_HEADERS_TOO_LARGE', message: 'Request header fields too large' }
        : { error: 'ERR_BAD_REQUEST', message: 'Bad request' },
    );
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });

  const refuseUpgrade = (socket: Duplex, status: number) => {
    const text =
      status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : status === 503 ? 'Service Unavailable' : 'Error';
    const retry = status === 503 ? `Retry-After: ${RETRY_AFTER_SECONDS}\r\n` : '';
    socket.end(`HTTP/1.1 ${status} ${text}\r\n${retry}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!accepting) return refuseUpgrade(socket, 503);
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404);
    const connectionId = newConnectionId();
    const connectedAt = Date.now();
    const sourceIp = clientIp(req);
    const userAgent = String(req.headers['user-agent'] ?? '');
    const query = Object.fromEntries(url.searchParams.entries());
    tracked(() => invokeWs('$connect', connectionId, { query, headers: headersOf(req), sourceIp, userAgent, connectedAt }))
      .then((status) => {
        if (status !== 200) return refuseUpgrade(socket, status);
        wss.handleUpgrade(req, socket, head, (ws) => {
          const entry = { ws, connectedAt, lastActiveAt: connectedAt, sourceIp, userAgent };
          sockets.set(connectionId, entry);
          let idle: NodeJS.Timeout;
          const armIdle = () => {
            clearTimeout(idle);
            idle = setTimeout(() => ws.close(1001, 'Going away'), options.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
          };
          armIdle();
          const lifetime = setTimeout(() => ws.close(1001, 'Going away'), options.maxConnectionMs ?? MAX_CONNECTION_MS);
          ws.on('message', (data) => {
            entry.lastActiveAt = Date.now();
            armIdle();
            void tracked(() =>
              invokeWs('$default', connectionId, { body: data.toString(), sourceIp, userAgent, connectedAt }),
            ).catch((error: unknown) => console.error('[gateway] $default failed', error));
          });
          ws.on('close', () => {
            clearTimeout(idle);
            clearTimeout(lifetime);
            sockets.delete(connectionId);
            void invokeWs('$disconnect', connectionId, { sourceIp, userAgent, connectedAt }).catch(() => undefined);
          });
        });
      })
      .catch((error: unknown) => {
        console.error('[gateway] $connect failed', error);
        refuseUpgrade(socket, 500);
      });
  });

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    // loopback unless the operator opens it with HOST: the gateway serves every tenant's data
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolvePromise());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://localhost:${port}`,
    port,
    server,
    connectionCount: () => sockets.size,
    post: (connectionId, data) => {
      const entry = sockets.get(connectionId);
      if (!entry) return false;
      if (Buffer.byteLength(data) > MAX_FRAME_BYTES) throw new Error('PayloadTooLargeException: the frame is over 128 KB');
      entry.ws.send(data);
      return true;
    },
    closeConnection: (connectionId) => {
      const entry = sockets.get(connectionId);
      if (!entry) return false;
      entry.ws.close(1000, 'Closed by the application');
      return true;
    },
    stopIntake: () => {
      accepting = false;
    },
    drain,
    close: async () => {
      accepting = false;
      if (!drainedAfterStop) await drain(DRAIN_TIMEOUT_MS);
      const closed = new Promise<void>((r) => server.close(() => r()));
      for (const { ws } of sockets.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await closed;
    },
  };
};
