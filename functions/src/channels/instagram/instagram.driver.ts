/**
 * Instagram messaging: the Messenger format (facebook/messenger.driver.ts) for `object: instagram` deliveries, sent
 * through the linked page's token; sender ids are Instagram-scoped.
 */
import { messengerDriver } from '../facebook/messenger.driver.ts';

export const instagramDriver = messengerDriver('instagram');
