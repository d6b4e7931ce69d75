import { substituteVariables } from '@switchboard/shared/message-variables';

/**
 * Message variables usable in texts (spec document 1 section 9): {{firstName}}, {{name}}, {{userName}}, {{ms}},
 * {{protocol}}, {{date}}, {{hour}}, {{ticket_id}}, {{queue}}, {{connection}}, also in the older `${name}` and
 * `{name}` forms (shared/src/message-variables.ts). Unknown variables stay as written;
 * values are inserted as plain text (no HTML escaping: messages are not HTML).
 */
export interface VariableContext {
  contactName: string;
  userName: string;
  ticketId: number;
  queueName: string;
  connectionName: string;
  now: Date;
  timeZone: string;
}

const parts = (now: Date, timeZone: string) => {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: Number(p.hour) % 24, minute: p.minute!, second: p.second! };
};

/** Greeting by the hour: 6-11 morning, 12-17 afternoon, 18-23 evening, else dawn (Portuguese, as the reference). */
export const greetingFor = (hour: number): string =>
  hour >= 6 && hour <= 11
    ? 'Bom dia'
    : hour >= 12 && hour <= 17
      ? 'Boa tarde'
      : hour >= 18 && hour <= 23
        ? 'Boa noite'
        : 'Boa madrugada';

export const renderVariables = (text: string, ctx: VariableContext): string => {
  if (!text.includes('{')) return text;
  const p = parts(ctx.now, ctx.timeZone);
  const values: Record<string, string> = {
    firstName: ctx.contactName.trim().split(/\s+/)[0] ?? '',
    name: ctx.contactName,
    userName: ctx.userName,
    ms: greetingFor(p.hour),
    protocol: `${p.year}${p.month}${p.day}${p.minute}${p.second}${ctx.now.getMilliseconds()}${ctx.ticketId}`,
    date: `${p.day}-${p.month}-${p.year}`,
    hour: `${p.hour}:${p.minute}:${p.second}`,
    ticket_id: String(ctx.ticketId),
    queue: ctx.queueName,
    connection: ctx.connectionName,
  };
  return substituteVariables(text, values);
};
