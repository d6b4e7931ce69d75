/**
 * Whether a phone number has a WhatsApp account, asked before a ticket is opened for it or a message sent to it
 * (spec document 1 section 8: ERR_WAPP_CHECK_CONTACT, ERR_WAPP_INVALID_CONTACT), over a connection whose channel can
 * tell (a WhatsApp QR session; the other channels cannot, and nothing is asked over them). Only the connector holds
 * the sockets, so the question travels as a `checkNumber` command on `connector-commands` and the answer comes back
 * through the table (whatsapp-number.entity.ts):
 * - a stored answer still fresh is used as it is: a number found is not asked again for FOUND_ANSWER_SECONDS (7
 *   days), one not found for NOT_FOUND_ANSWER_SECONDS (6 hours: its owner may install WhatsApp);
 * - else, with the connection connected, the command is put and the answer read (a consistent GetItem) every
 *   NUMBER_LOOKUP_POLL_MS for up to NUMBER_LOOKUP_WAIT_MS: at most 24 reads, and a request that waits stays well
 *   inside API Gateway's 30 seconds;
 * - no answer in time (session down, connector busy) is ERR_WAPP_CHECK_CONTACT, no account ERR_WAPP_INVALID_CONTACT;
 *   the caller writes nothing then. An answer that comes late is stored all the same and serves the next asker.
 * The number WhatsApp answers is the account's own, which may differ from the one asked (Brazil's ninth digit): it
 * is the one callers store and send to.
 */
import { numberLookupCommand, type NumberLookupCommand } from '@switchboard/shared/connector';
import { phoneDigits } from '@switchboard/shared/contracts/contacts';
import { ChannelUnavailable } from '../../channels/channel-driver.ts';
import { driverFor } from '../../channels/drivers.ts';
import type { WhatsappSessions } from '../../channels/whatsapp/whatsapp-sessions.port.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import type { ConnectionRecord } from './connection.entity.ts';
import { listConnectionsOf } from './connection-lookup.service.ts';
import type { NumberAnswer } from './whatsapp-number.entity.ts';
import { getNumberAnswer, putNumberAnswer } from './whatsapp-number.repository.ts';

/** How long a request waits for the connector's answer before it answers ERR_WAPP_CHECK_CONTACT. */
export const NUMBER_LOOKUP_WAIT_MS = 6_000;
/** How often the waiting request reads the answer item. */
export const NUMBER_LOOKUP_POLL_MS = 250;
export const FOUND_ANSWER_SECONDS = 7 * 24 * 60 * 60;
export const NOT_FOUND_ANSWER_SECONDS = 6 * 60 * 60;
/** A lookup whose session is not open on the connector task that took it goes round again after this delay. */
const LOOKUP_RETRY_SECONDS = 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether numbers can be looked up over the connection (its channel's driver can tell). */
export const looksNumbersUp = (connection: Pick<ConnectionRecord, 'channel'>): boolean =>
  driverFor(connection.channel).requestNumberLookup !== undefined;

/** The connection a company's new contacts are checked over: its default one, when that one can look numbers up. */
export const numberCheckerOf = async (companyId: number): Promise<ConnectionRecord | undefined> => {
  const found = (await listConnectionsOf(companyId)).find((c) => c.isDefault);
  return found && looksNumbersUp(found) ? found : undefined;
};

const fresh = (answer: NumberAnswer | undefined): NumberAnswer | undefined =>
  answer && answer.expiresAt * 1000 > clock().now().getTime() ? answer : undefined;

const accountOf = (answer: NumberAnswer): string => {
  if (!answer.found || !answer.accountNumber)
    throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This number has no WhatsApp account');
  return answer.accountNumber;
};

/**
 * The number WhatsApp knows `number`'s account by, asked over `connection` (one that looks numbers up); throws
 * ERR_WAPP_INVALID_CONTACT when it has no account and ERR_WAPP_CHECK_CONTACT when no answer could be had.
 */
export const whatsappAccountNumber = async (connection: ConnectionRecord, number: string): Promise<string> => {
  const digits = phoneDigits(number);
  const driver = driverFor(connection.channel);
  if (!driver.requestNumberLookup) throw new Error(`The ${connection.channel} channel cannot look numbers up`);
  const ref = { companyId: connection.companyId, connectionId: connection.id };
  const known = fresh(await getNumberAnswer(ref.companyId, ref.connectionId, digits));
  if (known) return accountOf(known);
  if (connection.status !== 'CONNECTED')
    throw new AppError('ERR_WAPP_CHECK_CONTACT', 'The WhatsApp connection is not connected: the number cannot be checked');
  await driver.requestNumberLookup(ref, digits);
  // real time, not the injectable clock: a test that holds the clock still must not make the wait endless
  const deadline = Date.now() + NUMBER_LOOKUP_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(Math.min(NUMBER_LOOKUP_POLL_MS, Math.max(0, deadline - Date.now())));
    const answer = fresh(await getNumberAnswer(ref.companyId, ref.connectionId, digits));
    if (answer) return accountOf(answer);
  }
  throw new AppError('ERR_WAPP_CHECK_CONTACT', 'WhatsApp did not answer in time whether the number has an account');
};

/** Whether a `connector-commands` body is a number lookup (the connector routes it here). */
export const parseNumberLookup = (body: unknown): NumberLookupCommand | undefined => {
  const parsed = numberLookupCommand.safeParse(body);
  return parsed.success ? parsed.data : undefined;
};

/**
 * Runs in the connector, which holds the WhatsApp sockets: looks the number up over the session and stores the
 * answer. A session that is not open here may be open on another task of the fleet: the command goes round again
 * while its asker still waits, and is dropped after (the asker has answered ERR_WAPP_CHECK_CONTACT by then).
 */
export const answerNumberLookup = async (command: NumberLookupCommand, sessions: WhatsappSessions): Promise<void> => {
  const ref = { companyId: command.companyId, connectionId: command.connectionId };
  let accountNumber: string | undefined;
  try {
    accountNumber = await sessions.findOnWhatsApp(command.number, ref);
  } catch (error) {
    if (!(error instanceof ChannelUnavailable)) {
      // an interactive question: asking again after its asker gave up would only warm the cache
      logger.warn('WhatsApp number lookup failed', { ...ref, error: error as Error });
      return;
    }
    if (clock().now().getTime() - Date.parse(command.at) < NUMBER_LOOKUP_WAIT_MS)
      await queue().send('connector-commands', { body: JSON.stringify(command), delaySeconds: LOOKUP_RETRY_SECONDS });
    return;
  }
  const now = clock().now();
  await putNumberAnswer({
    ...ref,
    number: command.number,
    found: accountNumber !== undefined,
    accountNumber: accountNumber ?? null,
    answeredAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + (accountNumber !== undefined ? FOUND_ANSWER_SECONDS : NOT_FOUND_ANSWER_SECONDS),
  });
};
