/**
 * Messenger (`facebook`) and Instagram (`instagram`) speak the same Graph messaging format: webhook deliveries of
 * `object: page | instagram` with `entry[].messaging[]` (messages, our own echoes, delivery and read receipts,
 * reactions, postbacks) become our events; our messages are posted to `{graph}/{version}/me/messages` with the page
 * token as responses (`messaging_type: RESPONSE`). Attachments arrive as URLs, fetched when the event is processed.
 */
import { channelTraits } from '@switchboard/shared/channel-traits';
import type { InboundEvent } from '@switchboard/shared/connector';
import type { MediaType, Message } from '@switchboard/shared/contracts/messages';
import { z } from 'zod';
import { logger } from '../../platform/logger.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import { InvalidInboundPayload, type ChannelDriver, type ContactProfile } from '../channel-driver.ts';
import { graphCall, graphDownload } from '../graph/graph-client.ts';
import {
  clipTitle,
  isMenuOptionId,
  outgoingFile,
  receivedMedia,
  sendFailure,
  settingsFor,
} from '../graph/graph-driver-support.ts';

type MetaChannel = 'facebook' | 'instagram';

const objectOf: Record<MetaChannel, string> = { facebook: 'page', instagram: 'instagram' };
const channelOfObject: Record<string, MetaChannel> = { page: 'facebook', instagram: 'instagram' };

const attachment = z
  .object({ type: z.string(), payload: z.object({ url: z.string().optional() }).passthrough().nullish() })
  .passthrough();
const messaging = z
  .object({
    sender: z.object({ id: z.string() }),
    recipient: z.object({ id: z.string() }),
    timestamp: z.number().optional(),
    message: z
      .object({
        mid: z.string(),
        text: z.string().optional(),
        is_echo: z.boolean().optional(),
        attachments: z.array(attachment).optional(),
        reply_to: z.object({ mid: z.string().optional() }).passthrough().optional(),
        quick_reply: z.object({ payload: z.string().optional() }).passthrough().optional(),
      })
      .passthrough()
      .optional(),
    delivery: z
      .object({ mids: z.array(z.string()).optional(), watermark: z.number().optional() })
      .passthrough()
      .optional(),
    read: z.object({ mid: z.string().optional(), watermark: z.number().optional() }).passthrough().optional(),
    reaction: z.object({ mid: z.string(), action: z.string().optional(), emoji: z.string().optional() }).passthrough().optional(),
    postback: z
      .object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();
const entry = z.object({ id: z.string(), time: z.number().optional(), messaging: z.array(messaging).default([]) }).passthrough();
const delivery = z.object({ object: z.string(), entry: z.array(entry) });

/**
 * A platform webhook delivery split by the page or account each entry belongs to, so each part is parsed for its own
 * connection. Throws InvalidInboundPayload for anything that is not a page or Instagram delivery.
 */
export const metaDeliveryParts = (payload: unknown): { channel: MetaChannel; accountId: string; payload: unknown }[] => {
  const parsed = z.object({ object: z.string(), entry: z.array(z.object({ id: z.string() }).passthrough()) }).safeParse(payload);
  const channel = parsed.success ? channelOfObject[parsed.data.object] : undefined;
  if (!parsed.success || !channel) throw new InvalidInboundPayload('Not a page or Instagram delivery');
  return parsed.data.entry.map((e) => ({ channel, accountId: e.id, payload: { object: parsed.data.object, entry: [e] } }));
};

const attachmentKinds: Record<string, MediaType> = { image: 'image', audio: 'audio', video: 'video', file: 'application' };

/** The Send API's limits on quick replies: how many, and how long a title may be. */
const QUICK_REPLIES_MAX = 13;
const QUICK_REPLY_TITLE_MAX = 20;

/**
 * Our message as the Send API's `message` objects: an attachment, and its caption as a text after it; a bot menu of
 * up to 13 options as quick replies under its text (more go as the plain text the menu also is).
 */
export const messengerMessagesOf = (m: Message): Record<string, unknown>[] => {
  const file = outgoingFile(m, 'file');
  if (file) {
    const attachment = { attachment: { type: file.kind, payload: { url: file.link, is_reusable: false } } };
    return m.body ? [attachment, { text: m.body }] : [attachment];
  }
  if (m.menu && m.menu.options.length <= QUICK_REPLIES_MAX && m.body.trim()) {
    const quickReplies = m.menu.options.map((o) => ({
      content_type: 'text',
      title: clipTitle(o.title, QUICK_REPLY_TITLE_MAX),
      payload: o.id,
    }));
    return [{ text: m.body, quick_replies: quickReplies }];
  }
  return [{ text: m.body }];
};

const sendAnswer = z.object({ message_id: z.string() });

/**
 * The profile fields each product gives a page (Messenger's User Profile API, Instagram's user profile); both need
 * the page token and answer only for people who wrote to the page.
 */
const profileFields: Record<MetaChannel, string> = {
  facebook: 'first_name,last_name,profile_pic',
  instagram: 'name,username,profile_pic',
};
const profileAnswer = z
  .object({
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    name: z.string().optional(),
    username: z.string().optional(),
    profile_pic: z.string().url().optional(),
  })
  .passthrough();

/** The name a profile gives: Messenger's first and last name, Instagram's name or else its username. */
export const profileOf = (answer: unknown): ContactProfile => {
  const p = profileAnswer.parse(answer);
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ').trim() || p.name?.trim() || p.username?.trim() || undefined;
  return { ...(name ? { name } : {}), ...(p.profile_pic ? { urlPicture: p.profile_pic } : {}) };
};

/** Profiles already asked for, per connection and person: a burst of first messages asks Graph once. */
const profiles = ttlCache<string, ContactProfile>(60 * 60_000, 5000);

/** The driver of a Messenger-format channel. */
export const messengerDriver = (channel: MetaChannel): ChannelDriver => ({
  channel,
  traits: channelTraits[channel],
  parseInbound({ connection, payload, receivedAt }) {
    const parsed = delivery.safeParse(payload);
    if (!parsed.success || parsed.data.object !== objectOf[channel])
      throw new InvalidInboundPayload(parsed.error?.message ?? 'Another channel');
    const base = { companyId: connection.companyId, connectionId: connection.connectionId, channel };
    const events: InboundEvent[] = [];
    for (const e of parsed.data.entry) {
      for (const item of e.messaging) {
        const at = item.timestamp ? new Date(item.timestamp).toISOString() : receivedAt;
        const echo = item.message?.is_echo === true;
        // the customer is the other side: the sender of what they wrote, the recipient of what the page sent
        const contact = { identity: echo ? item.recipient.id : item.sender.id, isGroup: false };
        if (item.message) {
          const m = item.message;
          const quoted = m.reply_to?.mid ? { quotedChannelMessageId: m.reply_to.mid } : {};
          const files = m.attachments ?? [];
          const first = files[0];
          const firstKind = first ? attachmentKinds[first.type] : undefined;
          // a tapped quick reply of a bot menu is what the customer would have typed (the text is its title)
          const tapped = m.quick_reply?.payload;
          events.push({
            kind: 'message',
            ...base,
            contact,
            at,
            channelMessageId: m.mid,
            fromMe: echo,
            body: !echo && isMenuOptionId(tapped) ? tapped : (m.text ?? ''),
            mediaType: firstKind ?? 'chat',
            ...(firstKind && first?.payload?.url ? { mediaRef: first.payload.url } : {}),
            ...quoted,
          });
          // further attachments of one message are messages of their own, each with a stable id
          files.slice(1).forEach((f, i) => {
            const kind = attachmentKinds[f.type];
            if (!kind || !f.payload?.url) return;
            events.push({
              kind: 'message',
              ...base,
              contact,
              at,
              channelMessageId: `${m.mid}#${i + 1}`,
              fromMe: echo,
              body: '',
              mediaType: kind,
              mediaRef: f.payload.url,
            });
          });
        }
        for (const mid of item.delivery?.mids ?? [])
          events.push({ kind: 'ack', ...base, contact, at, channelMessageId: mid, ack: 2 });
        if (item.read?.mid) events.push({ kind: 'ack', ...base, contact, at, channelMessageId: item.read.mid, ack: 3 });
        // a watermark covers everything the page sent up to it, also messages whose ids the receipt leaves out
        const watermarks: [number | undefined, 2 | 3][] = [
          [item.delivery?.watermark, 2],
          [item.read?.watermark, 3],
        ];
        for (const [watermark, ack] of watermarks) {
          if (watermark)
            events.push({ kind: 'watermark', ...base, contact, at, ack, watermark: new Date(watermark).toISOString() });
        }
        if (item.reaction) {
          const r = item.reaction;
          events.push({
            kind: 'reaction',
            ...base,
            contact,
            at,
            channelMessageId: `reaction-${r.mid}-${item.sender.id}-${item.timestamp ?? at}`,
            targetChannelMessageId: r.mid,
            emoji: r.action === 'unreact' ? '' : (r.emoji ?? ''),
          });
        }
        if (item.postback?.title) {
          events.push({
            kind: 'message',
            ...base,
            contact,
            at,
            channelMessageId: item.postback.mid ?? `postback-${item.sender.id}-${item.timestamp ?? at}`,
            fromMe: false,
            body: item.postback.title,
            mediaType: 'chat',
          });
        }
      }
    }
    return events;
  },
  async send(message, to, connection) {
    const graph = await settingsFor(channel, connection);
    const [first, ...rest] = messengerMessagesOf(message);
    const post = (m: Record<string, unknown>) =>
      graphCall('POST', 'me/messages', {
        token: graph.accessToken,
        body: { recipient: { id: to.identity }, messaging_type: 'RESPONSE', message: m },
      });
    let id: string;
    try {
      id = sendAnswer.parse(await post(first!)).message_id;
    } catch (error) {
      return sendFailure(error);
    }
    // the caption follows the file; the file went out, so a failed caption is logged rather than sending the file again
    for (const m of rest)
      await post(m).catch((error: unknown) => logger.warn('caption after a file not sent', { channel, error: error as Error }));
    return { ack: 1, channelMessageId: id };
  },
  async update(message) {
    // the Send API cannot edit or unsend a page's message: the change stays ours
    logger.info(`${channel} messages cannot be edited or deleted at the customer`, { messageId: message.id });
  },
  async fetchProfile(connection, identity) {
    const key = `${connection.companyId}:${connection.connectionId}:${identity}`;
    try {
      return await profiles.get(key, async () => {
        const graph = await settingsFor(channel, connection);
        return profileOf(
          await graphCall('GET', encodeURIComponent(identity), {
            token: graph.accessToken,
            query: { fields: profileFields[channel] },
          }),
        );
      });
    } catch (error) {
      // the contact keeps its id as its name; nothing is cached, so a later new contact may ask again
      logger.warn(`${channel} profile not read`, { connectionId: connection.connectionId, error: error as Error });
      return undefined;
    }
  },
  validateConfig(config) {
    const parsed = z
      .object({ pageId: z.string().regex(/^\d+$/, 'Digits only'), accessToken: z.string().min(1, 'Required') })
      .safeParse(config ?? {});
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  },
  async fetchMedia(_connection, ref) {
    // attachment URLs are signed by Meta's CDN and need no token
    return receivedMedia(async () => {
      const file = await graphDownload(ref);
      return { ...file, given: decodeURIComponent(new URL(ref).pathname.split('/').pop() ?? '') };
    });
  },
});

export const facebookDriver = messengerDriver('facebook');
