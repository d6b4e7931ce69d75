/**
 * How WhatsApp names people, as our identities: someone WhatsApp addresses by LID alone, while their phone number is
 * not known yet, has the identity `<digits>@lid`, kept whole (never read as digits); a session addresses a number by
 * its JID.
 */
export const isLidIdentity = (identity: string): boolean => /^\d+@lid$/.test(identity.trim());

/** The JID a WhatsApp session knows a person or a group by, from their number. */
export const whatsappJid = (number: string, isGroup: boolean): string => `${number}@${isGroup ? 'g.us' : 's.whatsapp.net'}`;
