/**
 * The chatbot option tree as the queue dialog edits it: pure functions over an immutable tree addressed by index
 * paths ([] is the root list, [1, 0] the first child of the second option). Components only render.
 */
import {
  CHATBOT_MAX_DEPTH,
  CHATBOT_NAME_MIN,
  type ChatbotOption,
  type ChatbotOptionInput,
} from '@switchboard/shared/contracts/queues';

/** A chatbot option of the contract while it is edited: a new one has no id yet. */
export interface OptionDraft extends Omit<ChatbotOption, 'id' | 'options'> {
  /** a React key that survives edits and moves */
  key: string;
  /** the server's id, kept so the engine's place of a customer in the tree survives an edit */
  id?: number;
  options: OptionDraft[];
}

export type OptionPath = readonly number[];

export const newOption = (key: string): OptionDraft => ({
  key,
  name: '',
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
});

/** Applies `change` to the list that holds the option at `path` (the root list for a one-step path). */
const atParent = (
  tree: readonly OptionDraft[],
  path: OptionPath,
  change: (siblings: OptionDraft[], index: number) => OptionDraft[],
): OptionDraft[] => {
  const [head, ...rest] = path;
  if (head === undefined) return [...tree];
  if (rest.length === 0) return change([...tree], head);
  return tree.map((o, i) => (i === head ? { ...o, options: atParent(o.options, rest, change) } : o));
};

export const optionAt = (tree: readonly OptionDraft[], path: OptionPath): OptionDraft | undefined => {
  let list = tree;
  let found: OptionDraft | undefined;
  for (const index of path) {
    found = list[index];
    if (!found) return undefined;
    list = found.options;
  }
  return found;
};

/** Whether the option at `path` may take children: the tree is at most CHATBOT_MAX_DEPTH levels deep. */
export const canAddChild = (path: OptionPath): boolean => path.length < CHATBOT_MAX_DEPTH;

/** Adds a new option at the end of the root list (`parent` []) or of the children of the option at `parent`. */
export const addOption = (tree: readonly OptionDraft[], parent: OptionPath, key: string): OptionDraft[] => {
  if (parent.length === 0) return [...tree, newOption(key)];
  if (!canAddChild(parent) || !optionAt(tree, parent)) return [...tree];
  return atParent(tree, parent, (siblings, i) =>
    siblings.map((o, j) => (j === i ? { ...o, options: [...o.options, newOption(key)] } : o)),
  );
};

/** Changes fields of the option at `path`; a change of type clears the targets the new type does not use. */
export const updateOption = (
  tree: readonly OptionDraft[],
  path: OptionPath,
  patch: Partial<Omit<OptionDraft, 'key' | 'options'>>,
): OptionDraft[] =>
  atParent(tree, path, (siblings, i) =>
    siblings.map((o, j) => {
      if (j !== i) return o;
      const next = { ...o, ...patch };
      return patch.queueType && patch.queueType !== o.queueType ? withTargetsOf(next) : next;
    }),
  );

const withTargetsOf = (o: OptionDraft): OptionDraft => ({
  ...o,
  optQueueId: o.queueType === 'queue' || o.queueType === 'attendent' ? o.optQueueId : null,
  optUserId: o.queueType === 'attendent' ? o.optUserId : null,
  optFileId: o.queueType === 'file' ? o.optFileId : null,
});

/** Removes the option at `path` with everything under it. */
export const removeOption = (tree: readonly OptionDraft[], path: OptionPath): OptionDraft[] =>
  atParent(tree, path, (siblings, i) => siblings.filter((_, j) => j !== i));

/** Moves the option at `path` one place up (-1) or down (+1) among its siblings; at either end nothing moves. */
export const moveOption = (tree: readonly OptionDraft[], path: OptionPath, delta: -1 | 1): OptionDraft[] =>
  atParent(tree, path, (siblings, i) => {
    const j = i + delta;
    if (j < 0 || j >= siblings.length) return siblings;
    const next = [...siblings];
    [next[i], next[j]] = [next[j]!, next[i]!];
    return next;
  });

/** Drafts of a saved tree; `key` numbers them for React. */
export const draftsOf = (options: readonly ChatbotOption[], key: () => string): OptionDraft[] =>
  options.map((o) => ({
    key: key(),
    id: o.id,
    name: o.name,
    greetingMessage: o.greetingMessage,
    queueType: o.queueType,
    closeTicket: o.closeTicket,
    optQueueId: o.optQueueId,
    optUserId: o.optUserId,
    optIntegrationId: o.optIntegrationId,
    optFileId: o.optFileId,
    options: draftsOf(o.options, key),
  }));

export const chatbotsBodyOf = (tree: readonly OptionDraft[]): ChatbotOptionInput[] =>
  tree.map((o) => ({
    ...(o.id !== undefined ? { id: o.id } : {}),
    name: o.name.trim(),
    greetingMessage: o.greetingMessage,
    queueType: o.queueType,
    closeTicket: o.closeTicket,
    optQueueId: o.optQueueId,
    optUserId: o.optUserId,
    optIntegrationId: o.optIntegrationId,
    optFileId: o.optFileId,
    options: chatbotsBodyOf(o.options),
  }));

export type OptionErrors = Partial<Record<'name' | 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId', string>>;

/** `1.0` for the path [1, 0]: the key of an option's errors. */
export const pathKey = (path: OptionPath): string => path.join('.');

/**
 * Spec document 2 section 5: an option's name has at least 4 characters; the record its type sends the customer to
 * is required. Answers the i18n keys of the messages by option path; empty when the tree is valid.
 */
export const validateTree = (tree: readonly OptionDraft[], prefix: OptionPath = []): Record<string, OptionErrors> => {
  const found: Record<string, OptionErrors> = {};
  tree.forEach((o, i) => {
    const path = [...prefix, i];
    const errors: OptionErrors = {};
    const name = o.name.trim();
    if (!name) errors.name = 'validation.requiredEn';
    else if (name.length < CHATBOT_NAME_MIN) errors.name = 'validation.tooShort';
    else if (name.length > 100) errors.name = 'validation.tooLong';
    if ((o.queueType === 'queue' || o.queueType === 'attendent') && o.optQueueId === null)
      errors.optQueueId = 'validation.requiredEn';
    if (o.queueType === 'attendent' && o.optUserId === null) errors.optUserId = 'validation.requiredEn';
    if (o.queueType === 'file' && o.optFileId === null) errors.optFileId = 'validation.requiredEn';
    if (o.queueType === 'integration' && o.optIntegrationId === null) errors.optIntegrationId = 'validation.requiredEn';
    if (Object.keys(errors).length) found[pathKey(path)] = errors;
    Object.assign(found, validateTree(o.options, path));
  });
  return found;
};
