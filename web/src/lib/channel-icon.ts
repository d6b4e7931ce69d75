import type { Channel } from '@switchboard/shared/contracts/connections';

const icons: Readonly<Record<Channel, string>> = {
  facebook: 'pi pi-facebook',
  instagram: 'pi pi-instagram',
  whatsapp: 'pi pi-whatsapp',
  whatsappapi: 'pi pi-whatsapp',
  webchat: 'pi pi-globe',
};

/** The icon of a channel wherever one is shown (ticket rows, filters, connections). */
export const channelIcon = (channel: Channel): string => icons[channel];
