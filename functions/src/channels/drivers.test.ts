import { channelTraits } from '@switchboard/shared/channel-traits';
import { channelNames } from '@switchboard/shared/contracts/connections';
import { describe, expect, it } from 'vitest';
import { driverFor } from './drivers.ts';

describe('channel drivers', () => {
  it("declares each channel's traits as the shared table has them", () => {
    for (const channel of channelNames) expect(driverFor(channel).traits, channel).toBe(channelTraits[channel]);
  });
});
