import type { QueueIntegrationType } from '@switchboard/shared/contracts/queue-integrations';

/** The PrimeIcons class that stands for each integration type in the list and the type choice. */
export const integrationTypeIcon = (type: QueueIntegrationType): string =>
  ({
    dialogflow: 'pi pi-google',
    n8n: 'pi pi-share-alt',
    webhook: 'pi pi-globe',
    typebot: 'pi pi-android',
    flowbuilder: 'pi pi-sitemap',
  })[type];
