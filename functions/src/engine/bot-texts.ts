/**
 * The texts the engine builds (server reference 2.1, 2.2): pure, so the rules are tested without a table. The
 * business-hours rule (2.4) is in shared/src/weekly-hours.ts, where the website chat reads it too.
 */
import type { ChatbotOption } from '@switchboard/shared/contracts/queues';

/** The exit line every menu ends with: typing `sair` closes the conversation. */
export const EXIT_LINE = '*[ Sair ]* - Encerrar atendimento';
/** The line that takes the customer from a queue's options back to the queue menu. */
export const BACK_LINE = '*[ # ]* - Voltar ao menu principal';
/**
 * The reference's fixed "invalid option" reply. A server text, not an i18n key: the company's language is not known
 * on this path, so it is the reference's Portuguese (the product's default language).
 */
export const INVALID_OPTION_TEXT = 'Opção inválida! Por favor, escolha uma das opções acima.';
/** A Dialogflow agent found no reply to the customer's message (server reference 8.3); Portuguese, as above. */
export const DIALOGFLOW_NOT_UNDERSTOOD_TEXT = 'Desculpe, não consegui entender. Pode escrever de outra forma?';

const numbered = (names: readonly string[]): string[] => names.map((name, i) => `*[ ${i + 1} ]* - ${name}`);

const withGreeting = (greeting: string, lines: string[]): string =>
  (greeting.trim() ? [greeting.trim(), '', ...lines] : lines).join('\n');

/** The connection's greeting and its queues, numbered in menu order, then the exit line. */
export const queueMenuText = (greeting: string, queueNames: readonly string[]): string =>
  withGreeting(greeting, [...numbered(queueNames), EXIT_LINE]);

/** A queue's (or an option's) greeting and the options of that level, then the back and exit lines. */
export const optionMenuText = (greeting: string, options: readonly Pick<ChatbotOption, 'name'>[]): string =>
  options.length === 0
    ? greeting.trim()
    : withGreeting(greeting, [...numbered(options.map((o) => o.name)), BACK_LINE, EXIT_LINE]);

/** The option a number picks at a level (1-based), if the text is such a number. */
export const pick = <T>(list: readonly T[], text: string): T | undefined =>
  /^\d{1,4}$/.test(text) ? list[Number(text) - 1] : undefined;

/** The option with this id anywhere in the tree. */
export const findOption = (options: readonly ChatbotOption[], id: number): ChatbotOption | undefined => {
  for (const o of options) {
    if (o.id === id) return o;
    const inner = findOption(o.options, id);
    if (inner) return inner;
  }
  return undefined;
};

/** LGPD (server reference 2.7): the fixed yes/no question after the company's message and link. */
export const LGPD_PROMPT_TEXT = 'Para continuar o atendimento, responda:\n*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito';
/**
 * The answer to `2` (refused) when the connection has no completion message of its own: the reference sends the
 * completion message, which would leave the customer with silence there. Portuguese, as the other server texts.
 */
export const LGPD_REFUSED_TEXT =
  'Tudo bem, respeitamos sua escolha. Sem o seu consentimento não podemos continuar este atendimento, que foi encerrado.';
/** Audio refusal (step 21): the reply, quoting the audio, when the contact's audios are not accepted. */
export const AUDIO_REFUSED_TEXT = 'Desculpe, não conseguimos ouvir áudios por aqui. Por favor, escreva sua mensagem em texto.';

/** The customer's place in the queue: the company's text and the count in bold (reference 2.1, sendQueuePosition). */
export const queuePositionText = (message: string, position: number): string =>
  `${message.trim()} *${Math.max(1, position)}*`.trim();

/** A rating reply (reference 2.8): a whole number, clamped to 0..10; anything else is not a rating. */
export const ratingOf = (text: string): number | undefined =>
  /^\d{1,3}$/.test(text.trim()) ? Math.min(10, Number(text.trim())) : undefined;

/** The menu options a channel may show as buttons or a list: the numbered entries, then back and exit. */
export const menuOptions = (names: readonly string[], withBack: boolean): { id: string; title: string }[] => [
  ...names.map((name, i) => ({ id: String(i + 1), title: name })),
  ...(withBack ? [{ id: '#', title: 'Voltar' }] : []),
  { id: 'sair', title: 'Sair' },
];
