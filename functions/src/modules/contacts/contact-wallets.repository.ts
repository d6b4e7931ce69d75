/**
 * A contact's wallet (server reference 1.3, DirectTicketsToWallets): the agent and queue that last took the
 * contact's conversation. With the company option on, a new ticket of the contact goes straight to them.
 * Item: pk C#<cid>#WALLET#<contactId>, sk WALLET, { userId, queueId, at }. Read by key only.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { padId } from '../../platform/table/keys.ts';

export interface ContactWallet {
  userId: number;
  queueId: number;
  at: string;
}

const walletKey = (companyId: number, contactId: number) => ({ pk: `C#${companyId}#WALLET#${padId(contactId)}`, sk: 'WALLET' });

export const getContactWallet = async (companyId: number, contactId: number): Promise<ContactWallet | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: walletKey(companyId, contactId) }));
  const item = out.Item as (ContactWallet & { type: string }) | undefined;
  return item ? { userId: item.userId, queueId: item.queueId, at: item.at } : undefined;
};

export const putContactWallet = async (companyId: number, contactId: number, wallet: ContactWallet): Promise<void> => {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...walletKey(companyId, contactId), type: 'contactWallet', companyId, contactId, ...wallet },
    }),
  );
};

export const deleteContactWallet = async (companyId: number, contactId: number): Promise<void> => {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: walletKey(companyId, contactId) }));
};
