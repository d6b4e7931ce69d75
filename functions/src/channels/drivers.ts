import { channelTraits } from '@switchboard/shared/channel-traits';
import type { Channel } from '@switchboard/shared/contracts/connections';
import { ChannelUnavailable, type ChannelDriver } from './channel-driver.ts';
import { facebookDriver } from './facebook/messenger.driver.ts';
import { instagramDriver } from './instagram/instagram.driver.ts';
import { webchatDriver } from './webchat/webchat.driver.ts';
import { whatsappDriver } from './whatsapp/whatsapp.driver.ts';
import { whatsappCloudDriver } from './whatsapp-cloud/whatsapp-cloud.driver.ts';

const drivers: Partial<Record<Channel, ChannelDriver>> = {
  webchat: webchatDriver,
  whatsapp: whatsappDriver,
  whatsappapi: whatsappCloudDriver,
  facebook: facebookDriver,
  instagram: instagramDriver,
};

const unavailable = (channel: Channel): ChannelDriver => {
  const fail = (): never => {
    throw new ChannelUnavailable(channel);
  };
  return {
    channel,
    traits: channelTraits[channel],
    parseInbound: fail,
    send: async () => fail(),
    update: async () => fail(),
    validateConfig: fail,
  };
};

/** The driver of a channel; a channel without a driver on this deployment fails every call with ChannelUnavailable. */
export const driverFor = (channel: Channel): ChannelDriver => drivers[channel] ?? unavailable(channel);
