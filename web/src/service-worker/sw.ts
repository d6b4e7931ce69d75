/**
 * The installable app's service worker (built to /sw.js by service-worker-plugin.ts, which puts the release's
 * precache list and version before this code). It keeps the app shell and its static files so the app starts
 * offline; it never keeps an API answer, a socket or a media file (those carry credentials or change), and it
 * leaves the embeddable chat widget alone.
 *
 * - navigations: the network first, so a new release is seen at once; offline, the kept app shell (index.html);
 * - the release's files (hashed names under /assets/, the icons): from the cache, fetched and kept on a miss;
 * - anything else: not handled (the browser fetches it as if there were no worker).
 */

/** The bits of the service worker scope this file uses (the web app's TypeScript is built against the DOM). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
}

declare const __PRECACHE__: string[];
declare const __RELEASE__: string;

const scope = self as unknown as WorkerScope;
const CACHE_PREFIX = 'switchboard-shell-';
const CACHE = `${CACHE_PREFIX}${__RELEASE__}`;
const SHELL = '/index.html';

/** The paths this worker answers from its cache (every other request goes to the network untouched). */
const isReleaseFile = (path: string): boolean =>
  path.startsWith('/assets/') || path.startsWith('/icons/') || path === '/favicon.svg';
/** Navigations it answers: the app's pages, not the API, the socket or the chat widget framed by other sites. */
const isAppPage = (path: string): boolean => !path.startsWith('/api/') && !path.startsWith('/ws') && !path.startsWith('/widget');

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...__PRECACHE__]))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => scope.clients.claim()),
  );
});

const fromNetworkOrShell = async (request: Request): Promise<Response> => {
  try {
    const response = await fetch(request);
    // every page of the app is the same shell (index.html); keep the newest one
    if (response.ok && response.headers.get('content-type')?.startsWith('text/html')) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
};

const fromCacheOrNetwork = async (request: Request): Promise<Response> => {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
};

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') {
    if (isAppPage(url.pathname)) event.respondWith(fromNetworkOrShell(request));
    return;
  }
  if (isReleaseFile(url.pathname)) event.respondWith(fromCacheOrNetwork(request));
});
