/**
 * Our stored messages sent over a session's socket (content.ts makes the Baileys content): sends with their file and
 * quote, edits and deletes for everyone. The ids of our sends are remembered for a while, so their echoes are not
 * taken in as messages.
 */
import { generateMessageIDV2, type WASocket } from '@whiskeysockets/baileys';
import type { Message } from '@switchboard/shared/contracts/messages';
import { mimeTypeOfName } from '@switchboard/shared/media-types';
import { oggIfWebmOpus } from '@switchboard/shared/media/webm-opus-to-ogg';
import type { BridgeDeps, BridgeScope } from '../bridge-scope.ts';
import { jidOfIdentity } from '../inbound/jids.ts';
import type { BridgeSendResult, SendTarget } from '../sessions/session-bridge.ts';
import { contentOf, keyOf, quotedOf, type OutgoingFile, type StoredMessage } from './content.ts';

/** How long the ids of our own sends are remembered, to know their echoes. */
const OWN_SEND_TTL_MS = 10 * 60_000;

const FALLBACK_TYPES: Partial<Record<Message['mediaType'], string>> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/mpeg',
  application: 'application/octet-stream',
};

const hasFile = (m: Pick<Message, 'mediaType'>): boolean => m.mediaType in FALLBACK_TYPES;

export class OutboundSends {
  private readonly deps: BridgeDeps;
  private readonly now: () => Date;
  private readonly ownSends = new Map<string, number>();

  constructor(scope: BridgeScope) {
    this.deps = scope.deps;
    this.now = scope.now;
  }

  async send(socket: WASocket, message: Message, to: SendTarget): Promise<BridgeSendResult> {
    const jid = jidOfIdentity(to.identity);
    const stored = await this.deps.messages.byId(to.companyId, message.id);
    let file: OutgoingFile | undefined;
    if (hasFile(message)) {
      file = await this.fileOf(message, stored);
      if (!file) throw new Error(`The file of message ${message.id} is missing`);
    }
    const quotedRecord = message.quotedMsg ? await this.deps.messages.byId(to.companyId, message.quotedMsg.id) : undefined;
    const quoted = quotedRecord ? quotedOf(jid, quotedRecord) : undefined;
    const id = this.ownId(socket);
    const sent = await socket.sendMessage(jid, contentOf(message, file), { messageId: id, ...(quoted ? { quoted } : {}) });
    return { ack: 1, channelMessageId: sent?.key.id ?? id };
  }

  async update(socket: WASocket, message: Message, to: SendTarget): Promise<void> {
    const jid = jidOfIdentity(to.identity);
    const stored = await this.deps.messages.byId(to.companyId, message.id);
    if (!stored?.channelMessageId) throw new Error(`Message ${message.id} never reached WhatsApp`);
    const key = keyOf(jid, stored.channelMessageId, true);
    const content = message.isDeleted ? { delete: key } : { text: message.body, edit: key };
    await socket.sendMessage(jid, content, { messageId: this.ownId(socket) });
  }

  /** A new WhatsApp id for a send of ours, remembered so that its echo is not taken in as a message. */
  private ownId(socket: WASocket): string {
    const id = generateMessageIDV2(socket.user?.id);
    const now = this.now().getTime();
    for (const [known, at] of this.ownSends) {
      if (now - at < OWN_SEND_TTL_MS) break;
      this.ownSends.delete(known);
    }
    this.ownSends.set(id, now);
    return id;
  }

  isOwnSend(id: string): boolean {
    const at = this.ownSends.get(id);
    return at !== undefined && this.now().getTime() - at < OWN_SEND_TTL_MS;
  }

  private async fileOf(message: Message, stored: StoredMessage | undefined): Promise<OutgoingFile | undefined> {
    const fileName = stored?.mediaName ?? message.mediaName ?? 'file';
    const mimeType = mimeTypeOfName(fileName) ?? FALLBACK_TYPES[message.mediaType] ?? 'application/octet-stream';
    if (stored?.mediaKey) {
      const data = await this.deps.media.read(stored.mediaKey);
      if (data) {
        // WebM/Opus audio stored as uploaded (a file list's, a campaign's) goes as Ogg/Opus, which phones play
        const ogg = message.mediaType === 'audio' ? oggIfWebmOpus({ name: fileName, mimeType, data }) : undefined;
        if (ogg && ogg.data !== data) return { data: Buffer.from(ogg.data), mimeType: ogg.mimeType, fileName: ogg.name };
        return { data, mimeType, fileName };
      }
    }
    // a file kept elsewhere (an absolute link) is fetched by Baileys itself
    if (message.mediaUrl && /^https?:\/\//.test(message.mediaUrl)) return { data: { url: message.mediaUrl }, mimeType, fileName };
    return undefined;
  }
}
