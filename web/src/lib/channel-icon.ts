import type { Channel } from '@switchboard/shared/contracts/connections';

/** The icon of a channel wherever one is shown (ticket rows, filters, connections). */
export const channelIcon = (channel: Channel): string => {
  switch (channel) {
    case 'facebook':
      return 'pi pi-facebook';
    case 'instagram':
      return 'pi pi-instagram';
    case 'whatsapp':
    case 'whatsappapi':
      return 'pi pi-whatsapp';
    case 'webchat':
      return 'pi pi-globe';
  }
};
