/**
 * Our stored messages as Baileys send content: text, media with its caption, contact cards, and the quote.
 * Pure; the bridge reads the file and the quoted message first.
 */
import type { AnyMessageContent, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { MediaType, Message } from '@switchboard/shared/contracts/messages';
import { OGG_OPUS_MIME_TYPE } from '@switchboard/shared/media/webm-opus-to-ogg';

/** A stored message as the bridge reads it back (by our id or by WhatsApp's). */
export interface StoredMessage {
  id: string;
  channelMessageId: string | null;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  /** the media store key */
  mediaKey: string | null;
  mediaName: string | null;
  isDeleted: boolean;
}

export interface OutgoingFile {
  data: Buffer | { url: string };
  mimeType: string;
  fileName: string;
}

const vcardName = (vcard: string): string => /^FN[;:](.*)$/m.exec(vcard)?.[1]?.trim() ?? '';

/** The content of a send; a media message without its file goes as text (the caller decides whether that is allowed). */
export const contentOf = (
  message: Pick<Message, 'body' | 'mediaType' | 'mediaName' | 'isVoiceNote'>,
  file: OutgoingFile | undefined,
): AnyMessageContent => {
  // a caption that is only the file's name is not repeated under a document
  const caption = message.body && message.body !== message.mediaName ? message.body : undefined;
  if (message.mediaType === 'contactMessage') {
    return { contacts: { displayName: vcardName(message.body), contacts: [{ vcard: message.body }] } };
  }
  if (file) {
    switch (message.mediaType) {
      case 'image':
        return { image: file.data, mimetype: file.mimeType, ...(caption ? { caption } : {}) };
      case 'video':
        return { video: file.data, mimetype: file.mimeType, ...(caption ? { caption } : {}) };
      case 'audio':
        // a recording plays as a voice note on phones only when declared Ogg with the Opus codec named
        if (message.isVoiceNote && file.mimeType === 'audio/ogg')
          return { audio: file.data, mimetype: OGG_OPUS_MIME_TYPE, ptt: true };
        return { audio: file.data, mimetype: file.mimeType, ptt: false };
      default:
        return { document: file.data, mimetype: file.mimeType, fileName: file.fileName, ...(caption ? { caption } : {}) };
    }
  }
  return { text: message.body };
};

/** The key of a message in a chat, for edits, deletes and quotes. */
export const keyOf = (jid: string, channelMessageId: string, fromMe: boolean): WAMessageKey => ({
  remoteJid: jid,
  fromMe,
  id: channelMessageId,
});

/** The quoted message as Baileys wants it: its key and enough content to show the quote. */
export const quotedOf = (jid: string, quoted: StoredMessage): WAMessage | undefined =>
  quoted.channelMessageId
    ? {
        key: keyOf(jid, quoted.channelMessageId, quoted.fromMe),
        message: { conversation: quoted.body || quoted.mediaName || '' },
      }
    : undefined;
