/**
 * The steps that come before any menu (server reference 1.2 steps 12a to 12c): the collective vacation notice, the NPS
 * rating a closing ticket waits for, and LGPD consent.
 */
import { applyBotChange } from '../modules/tickets/ticket-bot.service.ts';
import { INVALID_OPTION_TEXT, LGPD_PROMPT_TEXT, LGPD_REFUSED_TEXT, ratingOf } from './bot-texts.ts';
import { localDay, withinVacation } from '@switchboard/shared/weekly-hours';
import { recordLgpdConsent } from '../modules/contacts/contacts.service.ts';
import { putRating as recordRating } from '../modules/ratings/ratings.service.ts';
import { domainEvents } from '../platform/events/domain-events.ts';
import { DEFAULT_MAX_USE_BOT_QUEUES, type Turn, now, say, zoneOf, counted } from './engine-turn.ts';

/**
 * Step 12a: during the connection's collective vacation the customer is told so (once per ticket and vacation),
 * and nothing else happens.
 */
export const onVacation = async (turn: Turn): Promise<boolean> => {
  const { t, connection } = turn;
  const text = connection.collectiveVacationMessage?.trim();
  if (
    !text ||
    !withinVacation(connection.collectiveVacationStart, connection.collectiveVacationEnd, localDay(now(), zoneOf(turn)))
  )
    return false;
  const told =
    t.vacationNoticeAt &&
    withinVacation(
      connection.collectiveVacationStart,
      connection.collectiveVacationEnd,
      localDay(new Date(t.vacationNoticeAt), zoneOf(turn)),
    );
  if (!told) {
    await say(t, text);
    await applyBotChange(t, { fields: { vacationNoticeAt: now().toISOString() } });
  }
  return true;
};

/** Step 12b (reference 2.8): a ticket waiting for its rating takes a 0..10 answer, then closes with the completion message. */
export const rate = async (turn: Turn): Promise<void> => {
  const { t, connection, text } = turn;
  const rate = ratingOf(text);
  if (rate === undefined) {
    const max = connection.maxUseBotQueuesNPS ?? DEFAULT_MAX_USE_BOT_QUEUES;
    const asks = t.npsAsks ?? 1;
    if (max !== 0 && asks >= max) return;
    await say(t, INVALID_OPTION_TEXT);
    await say(t, connection.ratingMessage ?? '');
    await applyBotChange(t, { fields: { npsAsks: asks + 1 } });
    return;
  }
  const at = now().toISOString();
  const closed = await applyBotChange(t, {
    close: { log: 'closed' },
    fields: { ratedAt: at, npsAsks: 0 },
    onlyIf: (cur) => cur.status === 'nps',
  });
  if (closed === t) return;
  const rating = { companyId: t.companyId, ticketId: t.id, userId: t.userId, queueId: t.queueId, rate, createdAt: at };
  await recordRating(rating);
  await domainEvents.emit({ name: 'rating.created', ...rating });
  await say(closed, connection.complationMessage);
};

/**
 * Step 12c (reference 2.7): while the ticket waits for consent nothing else runs. `1` accepts (recorded on the
 * contact and the ticket), `2` refuses and closes with the completion message (LGPD_REFUSED_TEXT when the
 * connection has none, so a refusal is never met with silence); anything else asks again while under
 * maxUseBotQueues. Answers 'accepted' when the conversation goes on, the answer itself consumed: it was meant for
 * the question, not as a choice in the queue menu that follows; 'stop' when nothing else runs for this message.
 */
export const consent = async (turn: Turn): Promise<'accepted' | 'stop'> => {
  const { t, connection, settings, text } = turn;
  const max = connection.maxUseBotQueues ?? DEFAULT_MAX_USE_BOT_QUEUES;
  if (t.lgpdAskedAt) {
    if (text === '1') {
      await recordLgpdConsent(t.companyId, t.contactId, now().toISOString(), settings);
      turn.t = await applyBotChange(t, {
        status: 'pending',
        amountUsedBotQueues: 0,
        fields: { lgpdAskedAt: null },
        onlyIf: (cur) => cur.status === 'lgpd',
      });
      return turn.t.status === 'pending' ? 'accepted' : 'stop';
    }
    if (text === '2') {
      await say(t, connection.complationMessage.trim() ? connection.complationMessage : LGPD_REFUSED_TEXT);
      await applyBotChange(t, { close: true });
      return 'stop';
    }
    if (max !== 0 && t.amountUsedBotQueues >= max) return 'stop';
  }
  await say(t, settings.lgpdMessage ?? '');
  if (settings.lgpdLink?.trim()) await say(t, settings.lgpdLink);
  await say(t, LGPD_PROMPT_TEXT);
  await applyBotChange(t, {
    ...counted(t),
    fields: { lgpdAskedAt: now().toISOString() },
    ...(t.lgpdAskedAt ? {} : { log: 'lgpd' as const }),
  });
  return 'stop';
};

/** Step 21: an audio the contact may not send is answered, quoting it, with a request for text. */
