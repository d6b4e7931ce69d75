/**
 * What a WhatsApp session answered about a number (before a ticket is opened or a message sent to it), written by the
 * connector and read by the function that asked: the request and its answer meet here, since only the connector
 * holds the sockets. The answer is kept for a while, so the same number is not asked again on every open.
 * Access patterns:
 * - one number's answer on one connection: pk C#<cid>, sk WANUMBER#<padded connection id>#<digits asked>,
 *   { found, accountNumber (the number WhatsApp knows the account by, null when not found), answeredAt, expiresAt
 *   (the table's TTL, epoch seconds) }. Get (consistent) while waiting and before asking; Put by the connector.
 *   DynamoDB removes an expired item within days, not at once: a reader treats an item past expiresAt as absent.
 */
import { companyPk, padId } from '../../platform/table/keys.ts';

export interface NumberAnswer {
  companyId: number;
  connectionId: number;
  /** the digits asked */
  number: string;
  found: boolean;
  accountNumber: string | null;
  answeredAt: string;
  /** epoch seconds */
  expiresAt: number;
}
export type NumberAnswerItem = NumberAnswer & { pk: string; sk: string; type: 'waNumberAnswer' };

export const numberAnswerKey = (companyId: number, connectionId: number, number: string) => ({
  pk: companyPk(companyId),
  sk: `WANUMBER#${padId(connectionId)}#${number}`,
});
