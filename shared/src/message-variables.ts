/**
 * Message variables: one syntax, `{{name}}` (spec document 1 section 9), offered wherever a message is typed
 * (queue and company greetings, quick replies, flows, campaigns, schedules). Texts written for the older forms
 * keep working: `${name}` (flows, the transfer message's `${queue.name}`) and `{name}` (campaigns), and the
 * campaign's Portuguese names `nome`/`numero` answer for `name`/`number`.
 */

/** How a variable is written; the UI inserts this form. */
export const variableToken = (key: string): string => `{{${key}}}`;

/** Older names that stand for a current one (server reference 4.5: campaign lists use `{nome}` and `{numero}`). */
const aliases: Readonly<Record<string, string>> = { nome: 'name', numero: 'number' };

/** The variables of outgoing texts in a ticket (spec document 1 section 9), in the order the UI lists them. */
export const ticketVariables = [
  'firstName',
  'name',
  'userName',
  'ms',
  'protocol',
  'date',
  'hour',
  'ticket_id',
  'queue',
  'connection',
] as const;

/** The variables of a campaign message (spec document 3: name, number, email and the campaign's own ones). */
export const campaignVariables = ['firstName', 'name', 'number', 'email'] as const;

// `{{{x}}}` first so its outer braces go with it; then `{{x}}`, `${x}` and `{x}`
const pattern = /\{\{\{\s*([\w.]+)\s*\}\}\}|\{\{\s*([\w.]+)\s*\}\}|\$\{\s*([\w.]+)\s*\}|\{\s*([\w.]+)\s*\}/g;

const has = (values: Readonly<Record<string, string>>, key: string) => Object.prototype.hasOwnProperty.call(values, key);

/**
 * Replaces each known variable, in any of the accepted forms, by its value as plain text (messages are not HTML,
 * so nothing is escaped). An unknown variable is left exactly as written.
 */
export const substituteVariables = (text: string, values: Readonly<Record<string, string>>): string => {
  if (!text.includes('{')) return text;
  return text.replace(pattern, (whole, ...groups: (string | undefined)[]) => {
    const key = groups.slice(0, 4).find((g) => g !== undefined)!;
    if (has(values, key)) return values[key]!;
    const alias = aliases[key];
    return alias !== undefined && has(values, alias) ? values[alias]! : whole;
  });
};
