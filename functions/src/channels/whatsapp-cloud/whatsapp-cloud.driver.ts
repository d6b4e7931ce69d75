/**
 * WhatsApp Cloud API (`whatsappapi`): Meta's webhook deliveries (`whatsapp_business_account`: messages and statuses)
 * become our events; our messages are posted to `{graph}/{version}/{phone-number-id}/messages` with the number's
 * token. Media arrives as an id, fetched when the event is processed (GET /{media-id} for a short-lived URL, then
 * that URL with the token); media we send goes by link to the stored file's signed, expiring URL.
 */
import { channelTraits } from '@switchboard/shared/channel-traits';
import type { InboundEvent } from '@switchboard/shared/connector';
import type { BotMenu, MediaType, Message } from '@switchboard/shared/contracts/messages';
import { z } from 'zod';
import { logger } from '../../platform/logger.ts';
import { InvalidInboundPayload, type ChannelDriver, type OutgoingContext } from '../channel-driver.ts';
import { graphCall, graphDownload } from '../graph/graph-client.ts';
import { cloudSettingsIssues } from './cloud-settings.ts';
import { templateComponents } from './cloud-templates.ts';
import {
  clipTitle,
  isMenuOptionId,
  outgoingFile,
  receivedMedia,
  sendFailure,
  settingsFor,
} from '../graph/graph-driver-support.ts';

// ----- inbound -----

const media = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});
const cloudMessage = z
  .object({
    from: z.string(),
    id: z.string(),
    timestamp: z.string(),
    type: z.string(),
    text: z.object({ body: z.string() }).optional(),
    image: media.optional(),
    audio: media.optional(),
    video: media.optional(),
    document: media.optional(),
    sticker: media.optional(),
    location: z
      .object({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() })
      .optional(),
    contacts: z
      .array(
        z
          .object({
            name: z.object({ formatted_name: z.string().optional() }).passthrough().optional(),
            phones: z.array(z.object({ phone: z.string().optional(), wa_id: z.string().optional() }).passthrough()).optional(),
          })
          .passthrough(),
      )
      .optional(),
    reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
    interactive: z
      .object({
        button_reply: z.object({ id: z.string().optional(), title: z.string() }).passthrough().optional(),
        list_reply: z.object({ id: z.string().optional(), title: z.string() }).passthrough().optional(),
      })
      .passthrough()
      .optional(),
    button: z.object({ text: z.string() }).passthrough().optional(),
    context: z.object({ id: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
const cloudStatus = z
  .object({
    id: z.string(),
    status: z.string(),
    timestamp: z.string(),
    recipient_id: z.string(),
    errors: z
      .array(
        z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).passthrough(),
      )
      .optional(),
  })
  .passthrough();
const delivery = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z
        .array(
          z.object({
            field: z.string(),
            value: z
              .object({
                metadata: z.object({ phone_number_id: z.string() }).passthrough().optional(),
                contacts: z
                  .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string().optional() }).optional() }))
                  .optional(),
                messages: z.array(cloudMessage).optional(),
                statuses: z.array(cloudStatus).optional(),
              })
              .passthrough(),
          }),
        )
        .default([]),
    }),
  ),
});
type CloudMessage = z.infer<typeof cloudMessage>;

const isoOf = (seconds: string, fallback: string): string => {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : fallback;
};

/** Statuses as our acks: sent 1, delivered 2, read 3; failed keeps the ack and carries the reason. */
const ackOf: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

const mediaKinds: Record<string, MediaType> = {
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  document: 'application',
};

/** What we keep of a media id until it is fetched: the id, and the document's own name. */
export const cloudMediaRef = (id: string, filename?: string): string => JSON.stringify(filename ? { id, filename } : { id });
const parseMediaRef = (ref: string): { id: string; filename?: string } => {
  try {
    const parsed = JSON.parse(ref) as { id?: unknown; filename?: unknown };
    if (typeof parsed.id === 'string')
      return { id: parsed.id, filename: typeof parsed.filename === 'string' ? parsed.filename : undefined };
  } catch {
    // a bare id
  }
  return { id: ref };
};

const vCardOf = (contacts: NonNullable<CloudMessage['contacts']>): string =>
  contacts
    .map((c) => {
      const name = c.name?.formatted_name ?? '';
      const phones = (c.phones ?? []).map((p) => `TEL;type=CELL${p.wa_id ? `;waid=${p.wa_id}` : ''}:${p.phone ?? p.wa_id ?? ''}`);
      return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, ...phones, 'END:VCARD'].join('\n');
    })
    .join('\n');

/** The message part of an event: body, type, media to fetch; nothing for a type we do not take in. */
const contentOf = (m: CloudMessage): { body: string; mediaType: MediaType; mediaRef?: string } | undefined => {
  const kind = mediaKinds[m.type];
  if (kind) {
    const item = m[m.type as 'image' | 'audio' | 'video' | 'document' | 'sticker'];
    if (!item) return undefined;
    return {
      body: item.caption ?? (m.type === 'document' ? (item.filename ?? '') : ''),
      mediaType: kind,
      mediaRef: cloudMediaRef(item.id, item.filename),
    };
  }
  switch (m.type) {
    case 'text':
      return m.text ? { body: m.text.body, mediaType: 'chat' } : undefined;
    case 'location':
      if (!m.location) return undefined;
      return {
        body: [m.location.name, m.location.address, `${m.location.latitude},${m.location.longitude}`].filter(Boolean).join('\n'),
        mediaType: 'locationMessage',
      };
    case 'contacts':
      return m.contacts?.length ? { body: vCardOf(m.contacts), mediaType: 'contactMessage' } : undefined;
    case 'interactive': {
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      if (!reply) return undefined;
      // a tapped option of a bot menu is what the customer would have typed; another reply keeps its title
      const body = isMenuOptionId(reply.id) ? reply.id : reply.title;
      return body ? { body, mediaType: 'chat' } : undefined;
    }
    case 'button':
      return m.button ? { body: m.button.text, mediaType: 'chat' } : undefined;
    default:
      return undefined;
  }
};

// ----- outbound -----

/** `wa_id`: digits only, country code first. */
const waId = (identity: string) => identity.replace(/\D/g, '');

/** Meta's limits on interactive messages: body text, reply buttons and their titles, list rows and their titles. */
const INTERACTIVE_BODY_MAX = 1024;
const BUTTONS_MAX = 3;
const BUTTON_TITLE_MAX = 20;
const ROWS_MAX = 10;
const ROW_TITLE_MAX = 24;
/** the list's opening button and its one section (what the engine's menus are written in: Portuguese) */
const LIST_BUTTON = 'Opções';
const LIST_SECTION = 'Menu';

/**
 * A bot menu as an interactive message: up to three reply buttons when asked for buttons, else (or when there are
 * more options, or clipped titles would repeat, which Meta refuses) a list of up to ten rows. Undefined when Meta
 * could not take it (more options, a longer or empty text): the menu then goes as the plain text it also is.
 */
export const interactiveOf = (text: string, menu: BotMenu): Record<string, unknown> | undefined => {
  if (!text.trim() || text.length > INTERACTIVE_BODY_MAX) return undefined;
  const body = { text };
  const buttonTitles = menu.options.map((o) => clipTitle(o.title, BUTTON_TITLE_MAX));
  if (menu.kind === 'button' && menu.options.length <= BUTTONS_MAX && new Set(buttonTitles).size === buttonTitles.length) {
    const buttons = menu.options.map((o, i) => ({ type: 'reply', reply: { id: o.id, title: buttonTitles[i]! } }));
    return { type: 'button', body, action: { buttons } };
  }
  if (menu.options.length > ROWS_MAX) return undefined;
  const rows = menu.options.map((o) => ({ id: o.id, title: clipTitle(o.title, ROW_TITLE_MAX) }));
  return { type: 'list', body, action: { button: LIST_BUTTON, sections: [{ title: LIST_SECTION, rows }] } };
};

/** Our message as the Cloud API's message object (without the recipient). */
export const cloudMessageOf = (m: Message): Record<string, unknown> => {
  if (m.template) {
    const components = templateComponents(m.template);
    return {
      type: 'template',
      template: { name: m.template.name, language: { code: m.template.language }, ...(components.length ? { components } : {}) },
    };
  }
  const file = outgoingFile(m, 'document');
  if (file) {
    const { kind, link } = file;
    const caption = kind !== 'audio' && m.body ? { caption: m.body } : {};
    const filename = kind === 'document' && m.mediaName ? { filename: m.mediaName } : {};
    // a recording (Ogg/Opus, as the Cloud API wants voice notes) shows as a voice message, not as an audio file
    const voice = kind === 'audio' && m.isVoiceNote ? { voice: true } : {};
    return { type: kind, [kind]: { link, ...caption, ...filename, ...voice } };
  }
  const interactive = m.menu ? interactiveOf(m.body, m.menu) : undefined;
  if (interactive) return { type: 'interactive', interactive };
  return { type: 'text', text: { body: m.body, preview_url: false } };
};

const sendAnswer = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });

export const whatsappCloudDriver: ChannelDriver = {
  channel: 'whatsappapi',
  traits: channelTraits.whatsappapi,
  parseInbound({ connection, payload, receivedAt }) {
    const parsed = delivery.safeParse(payload);
    if (!parsed.success) throw new InvalidInboundPayload(parsed.error.message);
    const events: InboundEvent[] = [];
    const base = { companyId: connection.companyId, connectionId: connection.connectionId, channel: 'whatsappapi' as const };
    for (const entry of parsed.data.entry) {
      for (const change of entry.changes) {
        if (change.field !== 'messages') continue;
        const value = change.value;
        // one app's webhook may carry several numbers of the business account: only this connection's count
        if (connection.accountId && value.metadata && value.metadata.phone_number_id !== connection.accountId) continue;
        const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
        for (const m of value.messages ?? []) {
          const contact = { identity: m.from, name: names.get(m.from), phone: m.from, isGroup: false };
          const at = isoOf(m.timestamp, receivedAt);
          if (m.type === 'reaction' && m.reaction) {
            events.push({
              kind: 'reaction',
              ...base,
              contact,
              at,
              channelMessageId: m.id,
              targetChannelMessageId: m.reaction.message_id,
              emoji: m.reaction.emoji ?? '',
            });
            continue;
          }
          const content = contentOf(m);
          if (!content) {
            logger.info('Cloud API message type not taken in', { type: m.type, connectionId: connection.connectionId });
            continue;
          }
          events.push({
            kind: 'message',
            ...base,
            contact,
            at,
            channelMessageId: m.id,
            fromMe: false,
            body: content.body,
            mediaType: content.mediaType,
            ...(content.mediaRef ? { mediaRef: content.mediaRef } : {}),
            ...(m.context?.id ? { quotedChannelMessageId: m.context.id } : {}),
          });
        }
        for (const s of value.statuses ?? []) {
          const contact = { identity: s.recipient_id, phone: s.recipient_id, isGroup: false };
          const at = isoOf(s.timestamp, receivedAt);
          if (s.status === 'failed') {
            const e = s.errors?.[0];
            const reason = [e?.code, e?.title ?? e?.message].filter((x) => x !== undefined).join(' ') || 'failed';
            events.push({
              kind: 'ack',
              ...base,
              contact,
              at,
              channelMessageId: s.id,
              ack: 0,
              error: `ERR_SENDING_WAPP_MSG: ${reason}`.slice(0, 500),
            });
          } else if (ackOf[s.status] !== undefined) {
            events.push({ kind: 'ack', ...base, contact, at, channelMessageId: s.id, ack: ackOf[s.status]! });
          }
        }
      }
    }
    return events;
  },
  async send(message, to: OutgoingContext, connection) {
    const graph = await settingsFor('whatsappapi', connection);
    const quoted = message.quotedMsg ? await connection.channelMessageIdOf(message.quotedMsg.id) : undefined;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: waId(to.identity),
      ...cloudMessageOf(message),
      ...(quoted ? { context: { message_id: quoted } } : {}),
    };
    try {
      const answer = sendAnswer.parse(
        await graphCall('POST', `${graph.phoneNumberId}/messages`, { token: graph.accessToken, body }),
      );
      return { ack: 1, channelMessageId: answer.messages[0]!.id };
    } catch (error) {
      return sendFailure(error);
    }
  },
  async update(message) {
    // the Cloud API has no call to edit or delete a delivered message: the change stays ours
    logger.info('Cloud API messages cannot be edited or deleted at the customer', { messageId: message.id });
  },
  validateConfig: cloudSettingsIssues,
  async fetchMedia(connection, ref) {
    const graph = await settingsFor('whatsappapi', connection);
    const { id, filename } = parseMediaRef(ref);
    return receivedMedia(async () => {
      const info = z
        .object({ url: z.string().url(), mime_type: z.string().optional() })
        .parse(await graphCall('GET', id, { token: graph.accessToken }));
      const file = await graphDownload(info.url, graph.accessToken);
      return { bytes: file.bytes, mimeType: info.mime_type?.split(';')[0]?.trim() || file.mimeType, given: filename };
    });
  },
};
