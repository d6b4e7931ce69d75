/** A contact's wallet (server reference 1.3, DirectTicketsToWallets), as the tickets module reads and keeps it. */
import {
  getContactWallet as readContactWallet,
  putContactWallet as writeContactWallet,
  type ContactWallet,
} from './contact-wallets.repository.ts';

export type { ContactWallet } from './contact-wallets.repository.ts';

export const getContactWallet = (companyId: number, contactId: number): Promise<ContactWallet | undefined> =>
  readContactWallet(companyId, contactId);

/** The agent and queue that took the contact's conversation last. */
export const putContactWallet = (companyId: number, contactId: number, wallet: ContactWallet): Promise<void> =>
  writeContactWallet(companyId, contactId, wallet);
