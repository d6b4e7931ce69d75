/**
 * Pure rules of a queue's chatbot option tree on save: option ids, the targets each type keeps and the records the
 * targets name (checked against the company by the service).
 */
import type { ChatbotOption, ChatbotOptionType } from '@switchboard/shared/contracts/queues';

/** What the contract hands over: everything defaulted, ids only on options saved before. */
export type ParsedOption = Omit<ChatbotOption, 'id' | 'options'> & { id?: number; options: ParsedOption[] };

/** The target fields each type keeps; the others are cleared so a stale target never lingers on an option. */
const keeps: Record<ChatbotOptionType, readonly ('optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId')[]> = {
  text: [],
  queue: ['optQueueId'],
  attendent: ['optQueueId', 'optUserId'],
  integration: ['optIntegrationId'],
  file: ['optFileId'],
};

/**
 * Gives every option an id: an id given before (at most `seq`) that appears once in the tree is kept, so the
 * engine's place of a customer in the tree survives an edit; a new option (or a repeated or unknown id) gets the
 * next one. Answers the tree and the last id given.
 */
export const assignOptionIds = (
  options: readonly ParsedOption[],
  seq: number,
): { chatbots: ChatbotOption[]; optionSeq: number } => {
  const seen = new Map<number, number>();
  const count = (list: readonly ParsedOption[]) => {
    for (const o of list) {
      if (o.id !== undefined) seen.set(o.id, (seen.get(o.id) ?? 0) + 1);
      count(o.options);
    }
  };
  count(options);
  let next = seq;
  const assign = (list: readonly ParsedOption[]): ChatbotOption[] =>
    list.map((o) => {
      const keepId = o.id !== undefined && o.id <= seq && seen.get(o.id) === 1;
      const id = keepId ? o.id! : ++next;
      const kept = keeps[o.queueType];
      return {
        id,
        name: o.name,
        greetingMessage: o.greetingMessage,
        queueType: o.queueType,
        closeTicket: o.closeTicket,
        optQueueId: kept.includes('optQueueId') ? o.optQueueId : null,
        optUserId: kept.includes('optUserId') ? o.optUserId : null,
        optIntegrationId: kept.includes('optIntegrationId') ? o.optIntegrationId : null,
        optFileId: kept.includes('optFileId') ? o.optFileId : null,
        options: assign(o.options),
      };
    });
  const chatbots = assign(options);
  return { chatbots, optionSeq: next };
};

export interface TargetRef {
  kind: 'queue' | 'user' | 'file' | 'integration';
  id: number;
  /** the field's path in the request, for the error answer */
  path: string;
}

/** Every record the tree's options point at, with where each is named. */
export const targetsOf = (options: readonly ChatbotOption[], prefix = 'body.chatbots'): TargetRef[] =>
  options.flatMap((o, i) => {
    const at = `${prefix}.${i}`;
    const refs: TargetRef[] = [];
    if (o.optQueueId !== null) refs.push({ kind: 'queue', id: o.optQueueId, path: `${at}.optQueueId` });
    if (o.optUserId !== null) refs.push({ kind: 'user', id: o.optUserId, path: `${at}.optUserId` });
    if (o.optFileId !== null) refs.push({ kind: 'file', id: o.optFileId, path: `${at}.optFileId` });
    if (o.optIntegrationId !== null) refs.push({ kind: 'integration', id: o.optIntegrationId, path: `${at}.optIntegrationId` });
    return [...refs, ...targetsOf(o.options, `${at}.options`)];
  });
