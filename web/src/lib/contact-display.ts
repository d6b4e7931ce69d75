import { traitsOf } from '@switchboard/shared/channel-traits';
import { channelNames, type Channel } from '@switchboard/shared/contracts/connections';
import { givenPhone } from '@switchboard/shared/contracts/contacts';

/**
 * What identifies a contact to a person. For phone channels that is the number; a web chat contact's "number" is
 * the visitor's generated id, which means nothing to anyone, so the e-mail or phone the visitor gave stands in.
 */
interface Displayable {
  channel: string;
  number: string;
  email?: string;
  extraInfo?: { name: string; value: string }[];
}

const isChannel = (name: string): name is Channel => (channelNames as readonly string[]).includes(name);

/** A web chat's contact is a visitor: their "number" is a generated id. */
const isWebVisitor = (name: string): boolean => isChannel(name) && traitsOf(name).identity === 'web-visitor';

export const contactReference = (c: Displayable): string => {
  if (!isWebVisitor(c.channel)) return c.number;
  return c.email || (givenPhone(c) ?? '');
};

/** The phone a person reads on the number line: the number on phone channels, the phone a visitor gave on web chat. */
export const contactPhone = (c: Displayable): string => {
  if (!isWebVisitor(c.channel)) return c.number;
  return givenPhone(c) ?? '';
};
