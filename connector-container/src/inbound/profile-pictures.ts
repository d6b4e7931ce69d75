/**
 * Contacts' WhatsApp profile pictures (server reference 1.2 step 4), fetched once a message of the contact has been
 * queued, never before: the picture follows the message as a `contact` event with `urlPicture` on the same FIFO group.
 *
 * - Asked only when due: a contact never asked, or asked longer ago than REFRESH_MS. What was asked is remembered
 *   here (bounded, per session) and on the contact (`pictureCheckedAt`, read once when this task has not asked yet),
 *   so a busy conversation asks once and a restart does not ask again.
 * - "No picture" (WhatsApp answers 404 item-not-found, or 401 when the contact's privacy hides it) is an answer like
 *   any other: remembered, and the contact keeps no picture (the web shows initials).
 * - WhatsApp's picture links expire within days, so the image is downloaded (JPEG only, bounded size, timeout) and
 *   stored in our blob store; the contact links our copy. A failed download is logged and tried on a later message.
 * - A few at a time: a history sync brings many contacts at once and must not flood the session with queries.
 */
import type { InboundEvent } from '@switchboard/shared/connector';
import type { WASocket } from '@whiskeysockets/baileys';
import { jidOfIdentity } from './jids.ts';

export const REFRESH_MS = 7 * 24 * 60 * 60_000;
export const MAX_PICTURE_BYTES = 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10_000;
/** how long WhatsApp may take to answer the query itself */
const QUERY_TIMEOUT_MS = 15_000;
/** contacts remembered per task across its sessions (oldest forgotten first) */
const REMEMBERED = 20_000;
/** asked at once, and waiting at most: beyond that a contact is asked on a later message */
const CONCURRENCY = 2;
const MAX_WAITING = 1_000;

export interface PictureStore {
  /** when the picture of the contact with this identity was last asked for (ISO); undefined for never or no contact */
  checkedAt(companyId: number, identity: string): Promise<string | undefined>;
  /** keeps a JPEG; answers the contact's `urlPicture` for it */
  store(companyId: number, jpeg: Uint8Array): Promise<string>;
}

export type PictureDownload = (url: string) => Promise<Uint8Array>;

export interface PictureRequest {
  companyId: number;
  connectionId: number;
  contact: { identity: string; isGroup: boolean };
  socket: WASocket;
  /** queues the contact event (the session's emit) */
  emit(events: InboundEvent[]): Promise<void>;
}

interface PictureLog {
  warn(message: string, data?: Record<string, unknown>): void;
}

const isJpeg = (bytes: Uint8Array): boolean => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Downloads a picture from WhatsApp's media servers: image/jpeg only, at most MAX_PICTURE_BYTES, within a timeout. */
export const downloadPicture: PictureDownload = async (url) => {
  if (!/^https?:\/\//i.test(url)) throw new Error('the picture address is not http(s)');
  const res = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!res.ok || !res.body) throw new Error(`the picture download answered ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'image/jpeg') {
    await res.body.cancel();
    throw new Error(`the picture is ${type || 'of no type'}, not image/jpeg`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_PICTURE_BYTES) {
      await reader.cancel();
      throw new Error(`the picture is larger than ${MAX_PICTURE_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  if (!isJpeg(bytes)) throw new Error('the picture is not a JPEG image');
  return bytes;
};

/** WhatsApp's answer that there is no picture to see: none set (404 item-not-found) or hidden by privacy (401). */
export const isNoPicture = (error: unknown): boolean => {
  const e = error as { output?: { statusCode?: number }; data?: { attrs?: { code?: string } }; message?: string } | undefined;
  const code = e?.output?.statusCode ?? Number(e?.data?.attrs?.code);
  return code === 404 || code === 401 || /item-not-found|not-authorized/i.test(e?.message ?? '');
};

export class ProfilePictures {
  /** `<company>:<connection>:<identity>` -> when this task last asked (ms); insertion order is age */
  private readonly asked = new Map<string, number>();
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;

  constructor(
    private readonly store: PictureStore,
    private readonly options: { download?: PictureDownload; now?: () => number; log?: PictureLog } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Fetches the contact's picture in the background when it is due. Never awaited by the message path; the answer
   * settles when this request is done (or left for later), for tests.
   */
  want(request: PictureRequest): Promise<void> {
    const key = `${request.companyId}:${request.connectionId}:${request.contact.identity}`;
    const at = this.asked.get(key);
    if (at !== undefined && this.now() - at < REFRESH_MS) return Promise.resolve();
    if (this.waiting.length >= MAX_WAITING) return Promise.resolve();
    this.remember(key, this.now());
    return new Promise<void>((resolve) => {
      this.waiting.push(() =>
        this.fetch(request)
          .catch((error: unknown) => {
            // not answered (timeout, session closed): asked again on a later message
            this.asked.delete(key);
            this.options.log?.warn('profile picture not taken in', {
              connectionId: request.connectionId,
              error: error instanceof Error ? error.message : String(error),
            });
          })
          .finally(resolve),
      );
      this.next();
    });
  }

  private next(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running += 1;
      void task().finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  private remember(key: string, at: number): void {
    this.asked.delete(key);
    if (this.asked.size >= REMEMBERED) this.asked.delete(this.asked.keys().next().value!);
    this.asked.set(key, at);
  }

  private async fetch(request: PictureRequest): Promise<void> {
    const { companyId, connectionId, contact } = request;
    const checked = await this.store.checkedAt(companyId, contact.identity);
    if (checked && this.now() - Date.parse(checked) < REFRESH_MS) return;
    let url: string | undefined;
    try {
      url = await request.socket.profilePictureUrl(jidOfIdentity(contact.identity, contact.isGroup), 'image', QUERY_TIMEOUT_MS);
    } catch (error) {
      if (!isNoPicture(error)) throw error;
    }
    const urlPicture = url ? await this.store.store(companyId, await (this.options.download ?? downloadPicture)(url)) : undefined;
    const at = new Date(this.now()).toISOString();
    await request.emit([
      {
        kind: 'contact',
        companyId,
        connectionId,
        channel: 'whatsapp',
        at,
        contact: {
          identity: contact.identity,
          isGroup: contact.isGroup,
          pictureCheckedAt: at,
          ...(urlPicture ? { urlPicture } : {}),
        },
      },
    ]);
  }
}
