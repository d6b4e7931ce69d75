import type { Channel } from '@switchboard/shared/contracts/inbox';
import { ChannelUnavailable, type ChannelDriver } from './channel-driver.ts';
import { webchatDriver } from './webchat/webchat.driver.ts';

const drivers: Partial<Record<Channel, ChannelDriver>> = { webchat: webchatDriver };

/** The driver of a channel; channels without a running driver fail the send, which is stored on the message. */
export const driverFor = (channel: Channel): ChannelDriver => {
  const driver = drivers[channel];
  if (!driver) {
    return {
      channel,
      send: async () => {
        throw new ChannelUnavailable(channel);
      },
      update: async () => undefined,
    };
  }
  return driver;
};
