/**
 * The LID <-> phone pairs of WhatsApp contacts (see lid-pairs.repository.ts), for the connector: one person is
 * one contact whichever id a message carries. Both sides are digits only (`<digits>@lid` and `<digits>@s.whatsapp.net`
 * without their server part).
 */
import { getLidPair, putLidPair } from './lid-pairs.repository.ts';

const digitsOnly = (s: string): string | undefined => (/^\d{5,20}$/.test(s) ? s : undefined);

export const phoneOfLid = async (companyId: number, lid: string): Promise<string | undefined> => {
  const key = digitsOnly(lid);
  return key ? getLidPair(companyId, key) : undefined;
};

export const rememberLidPair = async (companyId: number, lid: string, pn: string): Promise<void> => {
  const [l, p] = [digitsOnly(lid), digitsOnly(pn)];
  if (l && p) await putLidPair(companyId, l, p);
};
