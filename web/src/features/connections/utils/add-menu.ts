import type { Channel, CreatableChannel } from '@switchboard/shared/contracts/connections';

export type AddEntry =
  | { key: CreatableChannel; kind: 'channel'; channel: CreatableChannel; icon: Channel }
  | { key: 'facebook' | 'instagram'; kind: 'meta'; icon: Channel };

export interface AddMenuInput {
  /** channels this deployment can create (their drivers run) */
  creatable: readonly CreatableChannel[];
  /** the plan's flags; undefined while the plan loads (nothing gated is offered then) */
  useWhatsapp: boolean | undefined;
  useFacebook: boolean | undefined;
  useInstagram: boolean | undefined;
  /** POST /facebook exists on this deployment */
  facebookRoute: boolean;
}

/**
 * The add menu (spec document 2 "Connections page"): WhatsApp by QR code and the WhatsApp Cloud API under the
 * plan's useWhatsapp, Facebook under useFacebook, Instagram under useInstagram (both through a Meta user token),
 * the website chat always. A channel is offered only when this deployment can create it.
 */
export const addMenuEntries = (input: AddMenuInput): AddEntry[] => {
  const entries: AddEntry[] = [];
  const has = (c: CreatableChannel) => input.creatable.includes(c);
  if (input.useWhatsapp === true) {
    if (has('whatsapp')) entries.push({ key: 'whatsapp', kind: 'channel', channel: 'whatsapp', icon: 'whatsapp' });
    if (has('whatsappapi')) entries.push({ key: 'whatsappapi', kind: 'channel', channel: 'whatsappapi', icon: 'whatsappapi' });
  }
  if (input.facebookRoute && input.useFacebook === true) entries.push({ key: 'facebook', kind: 'meta', icon: 'facebook' });
  if (input.facebookRoute && input.useInstagram === true) entries.push({ key: 'instagram', kind: 'meta', icon: 'instagram' });
  if (has('webchat')) entries.push({ key: 'webchat', kind: 'channel', channel: 'webchat', icon: 'webchat' });
  return entries;
};
