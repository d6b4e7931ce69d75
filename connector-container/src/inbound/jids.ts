/**
 * WhatsApp addresses (JIDs) and our contact identities. A phone number's identity is its digits; a group's is its
 * JID (`<id>@g.us`); a person WhatsApp addresses by LID alone, while their number is unknown, is `<digits>@lid`.
 */
import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
} from '@whiskeysockets/baileys';

/** The user part of a JID without device or agent (`5511999@s.whatsapp.net:3` -> `5511999`). */
export const userOf = (jid: string): string => jidDecode(jid)?.user ?? '';

/** A phone-number JID's digits, or undefined for anything else. */
export const phoneOfJid = (jid: string | null | undefined): string | undefined => {
  if (!jid || !isPnUser(jid)) return undefined;
  const user = userOf(jid);
  return /^\d+$/.test(user) ? user : undefined;
};

/** A LID JID's digits, or undefined for anything else. */
export const lidOfJid = (jid: string | null | undefined): string | undefined => {
  if (!jid || !isLidUser(jid)) return undefined;
  const user = userOf(jid);
  return /^\d+$/.test(user) ? user : undefined;
};

export const lidIdentity = (lidDigits: string): string => `${lidDigits}@lid`;

/** Chats we never take in: status updates, broadcast lists, channels (newsletters). */
export const isIgnoredChat = (jid: string | null | undefined): boolean =>
  !jid || isJidStatusBroadcast(jid) || !!isJidBroadcast(jid) || !!isJidNewsletter(jid);

export const isGroupJid = (jid: string | null | undefined): boolean => !!jid && !!isJidGroup(jid);

/** The JID a send goes to, from the identity stored on the contact. */
export const jidOfIdentity = (identity: string, isGroup = identity.endsWith('@g.us')): string => {
  const trimmed = identity.trim();
  if (isGroup || trimmed.endsWith('@g.us')) return trimmed.includes('@') ? trimmed : `${trimmed}@g.us`;
  if (trimmed.endsWith('@lid')) return jidNormalizedUser(trimmed);
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) throw new Error(`No WhatsApp address in identity "${identity}"`);
  return `${digits}@s.whatsapp.net`;
};
