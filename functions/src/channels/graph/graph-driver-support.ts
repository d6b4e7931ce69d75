/** What the three Graph drivers share: a connection's settings, send failures sorted for the outbound consumer, links. */
import type { Channel } from '@switchboard/shared/contracts/connections';
import type { MediaType, Message } from '@switchboard/shared/contracts/messages';
import { extensionOf } from '@switchboard/shared/media-types';
import { config } from '../../platform/config.ts';
import {
  ChannelUnavailable,
  CredentialsRejected,
  MediaUnavailable,
  PermanentSendError,
  type ConnectionContext,
  type FetchedMedia,
} from '../channel-driver.ts';
import { GraphError, GraphUnreachable } from './graph-client.ts';
import type { GraphSettings } from './graph-settings.ts';

/** A Graph connection's settings; a connection without them (deleted meanwhile) cannot send. */
export const settingsFor = async (channel: Channel, connection: ConnectionContext): Promise<GraphSettings> => {
  const settings = await connection.graphSettings();
  if (!settings?.accessToken) throw new ChannelUnavailable(channel);
  return settings;
};

/**
 * A failed Graph send as the outbound consumer reads it: network and 5xx (and throttling) are worth another try and
 * are thrown as they are; a refused token is CredentialsRejected; any other 4xx is permanent.
 */
export const sendFailure = (error: unknown): never => {
  if (error instanceof GraphUnreachable) throw error;
  if (error instanceof GraphError) {
    if (error.tokenRejected) throw new CredentialsRejected(error.message);
    if (error.retryable) throw error;
    throw new PermanentSendError(error.message);
  }
  throw error;
};

/** A failed media download: Meta's 4xx (gone, refused) is MediaUnavailable; network and 5xx are worth another try. */
const mediaFailure = (error: unknown): never => {
  if (error instanceof GraphError && !error.retryable) throw new MediaUnavailable(error.message);
  throw error;
};

/**
 * The link Meta fetches a message's file from: the stored file's signed, expiring download URL (S3 presigned in AWS,
 * the gateway's signed /media path locally), made absolute with the public address. No sign-in is needed to read it,
 * and it stops working when its signature expires.
 */
const publicMediaLink = (m: Pick<Message, 'mediaUrl'>): string | undefined => {
  if (!m.mediaUrl) return undefined;
  return /^https?:\/\//.test(m.mediaUrl) ? m.mediaUrl : new URL(m.mediaUrl, config().PUBLIC_URL).toString();
};

const sameKinds: Partial<Record<MediaType, 'image' | 'audio' | 'video'>> = { image: 'image', audio: 'audio', video: 'video' };

/**
 * Our message's file as a Graph API sends it: its kind there (images, audio and video by those names, any other
 * file as `documentKind`, each API's own word) and the link Meta fetches it from; undefined for a message without one.
 */
export const outgoingFile = <D extends string>(
  m: Pick<Message, 'mediaType' | 'mediaUrl'>,
  documentKind: D,
): { kind: 'image' | 'audio' | 'video' | D; link: string } | undefined => {
  const kind = m.mediaType === 'application' ? documentKind : sameKinds[m.mediaType];
  const link = publicMediaLink(m);
  return kind && link ? { kind, link } : undefined;
};

/** A file name for received media: the customer's own when given, else one made from the type (`image.jpeg`). */
const mediaFileName = (mimeType: string, given: string | undefined): string => {
  if (given && extensionOf(given)) return given.replace(/[/\\]/g, '_').slice(0, 200);
  const subtype = (mimeType.split(';')[0]!.split('/')[1] ?? '').replace(/[^a-z0-9]/gi, '').slice(0, 10);
  return `${mimeType.split('/')[0] || 'file'}.${subtype || 'bin'}`;
};

/**
 * A file fetched from Meta as our media (`fetch` answers its bytes, type and the name it came with, if any): a
 * failed fetch is thrown as `mediaFailure` sorts it, and the file keeps the customer's name or gets one from its type.
 */
export const receivedMedia = async (
  fetch: () => Promise<{ bytes: Buffer; mimeType: string; given?: string }>,
): Promise<FetchedMedia> => {
  const file = await fetch().catch(mediaFailure);
  return { bytes: file.bytes, mimeType: file.mimeType, name: mediaFileName(file.mimeType, file.given) };
};

/**
 * A bot menu option's id (`1`, `#`, `sair`): what the customer would have typed. A tapped reply whose id is one of
 * them is taken in as that text, so the engine reads it as if typed; any other reply keeps its title.
 */
export const isMenuOptionId = (id: string | undefined): id is string => id !== undefined && /^(\d{1,4}|#|sair)$/i.test(id);

/**
 * A title cut to a provider's limit (UTF-16 units, as Meta counts), an ellipsis marking the cut; a character made of
 * two units (an emoji) is never split.
 */
export const clipTitle = (title: string, max: number): string => {
  if (title.length <= max) return title;
  let out = '';
  for (const char of title) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
};
