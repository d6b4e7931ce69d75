import type { VisitorMessage } from '@switchboard/shared/contracts/webchat';
import type { VisitorUpload } from '../api/upload-visitor-file.ts';
import type { FileProblem } from './visitor-file.ts';

/**
 * The visitor's conversation as the widget shows it: the server's messages (loaded, then live frames) and the
 * visitor's own messages still on their way. A sent message is not echoed back over the socket, so it stays a
 * local bubble until a later load returns it; it is then recognised by its body and the time the server gave
 * it when it accepted the send, and the local copy goes away.
 */
export type LocalStatus = 'sending' | 'sent' | 'failed';
/** why a send failed: the first three may pass on a retry, a file the server refused will not */
export type FailureKind = 'throttled' | 'network' | 'refused' | FileProblem;

/** A file the visitor attached: the picked file until it is uploaded, then the upload a retry reuses. */
export interface LocalAttachment {
  file: File;
  /** an object URL showing a picked image before the server has it */
  previewUrl: string | null;
  upload?: VisitorUpload;
}

export interface LocalMessage {
  clientMessageId: string;
  body: string;
  attachment?: LocalAttachment;
  /** a tapped menu button: the option's id the bot reads, the body being the button's label */
  choice?: string;
  /** when the visitor sent it (this browser's clock) */
  createdAt: string;
  status: LocalStatus;
  /** the time the server stamped on the message when it accepted it (202) */
  serverCreatedAt?: string;
  failure?: FailureKind;
}

export interface ConversationState {
  loaded: boolean;
  answered: boolean;
  server: VisitorMessage[];
  local: LocalMessage[];
}

export type ConversationAction =
  | { type: 'loaded'; messages: VisitorMessage[]; answered: boolean }
  | { type: 'received'; message: VisitorMessage }
  | { type: 'sending'; message: Pick<LocalMessage, 'clientMessageId' | 'body' | 'createdAt' | 'attachment' | 'choice'> }
  | { type: 'uploaded'; clientMessageId: string; upload: VisitorUpload }
  | { type: 'sent'; clientMessageId: string; serverCreatedAt: string }
  | { type: 'failed'; clientMessageId: string; failure: FailureKind }
  | { type: 'retrying'; clientMessageId: string };

export const emptyConversation: ConversationState = { loaded: false, answered: false, server: [], local: [] };

/** how far apart the browser's and the server's clocks may be when a message without a server time is matched */
const CLOCK_SLACK_MS = 2 * 60_000;

const byTime = (a: { createdAt: string; id?: string }, b: { createdAt: string; id?: string }) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : (a.id ?? '').localeCompare(b.id ?? '');

/** Adds a message, or replaces the one with its id (an edit or a deletion), keeping time order. */
export const upsertMessage = (messages: readonly VisitorMessage[], message: VisitorMessage): VisitorMessage[] => {
  const without = messages.filter((m) => m.id !== message.id);
  return [...without, message].sort(byTime);
};

/** The local messages that the server's list does not hold yet. */
export const pendingLocal = (local: readonly LocalMessage[], server: readonly VisitorMessage[]): LocalMessage[] => {
  const used = new Set<string>();
  return local.filter((l) => {
    const match = server.find((s) => {
      if (used.has(s.id) || !s.fromVisitor || s.body !== l.body) return false;
      if (l.serverCreatedAt) return s.createdAt === l.serverCreatedAt;
      return Math.abs(Date.parse(s.createdAt) - Date.parse(l.createdAt)) <= CLOCK_SLACK_MS;
    });
    if (!match) return true;
    used.add(match.id);
    return false;
  });
};

/**
 * A load answers what the server had when it was asked; a frame may have arrived while it travelled. So a load
 * adds to what is shown rather than replacing it, and a deletion already shown is not undone by an older copy.
 */
export const mergeLoaded = (shown: readonly VisitorMessage[], loaded: readonly VisitorMessage[]): VisitorMessage[] => {
  const before = new Map(shown.map((m) => [m.id, m]));
  const fresh = loaded.map((m) => (before.get(m.id)?.isDeleted && !m.isDeleted ? before.get(m.id)! : m));
  const ids = new Set(loaded.map((m) => m.id));
  return [...fresh, ...shown.filter((m) => !ids.has(m.id))].sort(byTime);
};

const patchLocal = (state: ConversationState, id: string, patch: Partial<LocalMessage>): ConversationState => ({
  ...state,
  local: state.local.map((l) => (l.clientMessageId === id ? { ...l, ...patch } : l)),
});

export const conversationReducer = (state: ConversationState, action: ConversationAction): ConversationState => {
  switch (action.type) {
    case 'loaded': {
      const server = mergeLoaded(state.server, action.messages);
      return { loaded: true, answered: state.answered || action.answered, server, local: pendingLocal(state.local, server) };
    }
    case 'received': {
      const server = upsertMessage(state.server, action.message);
      return { ...state, server, local: pendingLocal(state.local, server) };
    }
    case 'sending':
      return { ...state, local: [...state.local, { ...action.message, status: 'sending' }] };
    case 'sent':
      return patchLocal(state, action.clientMessageId, {
        status: 'sent',
        serverCreatedAt: action.serverCreatedAt,
        failure: undefined,
      });
    case 'uploaded': {
      const message = state.local.find((l) => l.clientMessageId === action.clientMessageId);
      if (!message?.attachment) return state;
      return patchLocal(state, action.clientMessageId, { attachment: { ...message.attachment, upload: action.upload } });
    }
    case 'failed':
      return patchLocal(state, action.clientMessageId, { status: 'failed', failure: action.failure });
    case 'retrying':
      return patchLocal(state, action.clientMessageId, { status: 'sending', failure: undefined });
  }
};

export type VisitorMenu = NonNullable<VisitorMessage['menu']>;

const offersMenu = (m: VisitorMessage) => !m.fromVisitor && !m.isDeleted && (m.menu?.options.length ?? 0) > 0;

/** `choice`: the title of the bot menu option the visitor's message picked, shown instead of the option's id. */
export type TimelineItem =
  { kind: 'server'; message: VisitorMessage; choice?: string } | { kind: 'local'; message: LocalMessage; choice?: string };

/**
 * A tapped option goes out as its title with its id beside it for the bot, so the stored text is the title. A
 * message that names an option's id (typed, or stored before titles were sent) shows the option's title: the first
 * visitor message after a company menu that names one of its ids is that choice.
 */
const withChoices = (items: TimelineItem[]): TimelineItem[] => {
  let options: VisitorMenu['options'] | undefined;
  return items.map((item) => {
    const fromVisitor = item.kind === 'local' || item.message.fromVisitor;
    if (!fromVisitor) {
      if (item.kind === 'server' && offersMenu(item.message)) options = item.message.menu!.options;
      return item;
    }
    const title = options?.find((o) => o.id === item.message.body.trim())?.title;
    options = undefined;
    return title ? { ...item, choice: title } : item;
  });
};

/** Everything to draw, oldest first: the server's messages and the visitor's pending ones. */
export const timeline = (state: ConversationState): TimelineItem[] =>
  withChoices(
    [
      ...state.server.map((message) => ({ kind: 'server' as const, message, at: message.createdAt })),
      ...state.local.map((message) => ({ kind: 'local' as const, message, at: message.serverCreatedAt ?? message.createdAt })),
    ]
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map(({ kind, message }) => ({ kind, message }) as TimelineItem),
  );

/** The offline note shows until the company answers: the server says so, or an agent's message arrives. */
export const showsOfflineNote = (state: ConversationState): boolean =>
  state.loaded && !state.answered && !state.server.some((m) => !m.fromVisitor);

/**
 * The bot menu the visitor may answer with a tap: the one of the company's latest message that carries one, until
 * the visitor writes after it (a message the server holds, one sent after it, or one still going out).
 */
export const openMenu = (state: ConversationState): { messageId: string; menu: VisitorMenu } | undefined => {
  let index = state.server.length - 1;
  while (index >= 0 && !offersMenu(state.server[index]!)) index--;
  const offered = state.server[index];
  if (!offered?.menu) return undefined;
  if (state.server.slice(index + 1).some((m) => m.fromVisitor)) return undefined;
  const answered = state.local.some((l) => l.status === 'sending' || (l.serverCreatedAt ?? l.createdAt) > offered.createdAt);
  return answered ? undefined : { messageId: offered.id, menu: offered.menu };
};

/** A message worth telling the page around the widget about (the launcher shows a dot). */
export const isFromCompany = (message: VisitorMessage): boolean => !message.fromVisitor;

export type MediaKind = 'text' | 'image' | 'link';

/** Images are shown inline, any other attachment as a link; deleted messages show neither. */
export const mediaKindOf = (message: Pick<VisitorMessage, 'mediaType' | 'mediaUrl' | 'isDeleted'>): MediaKind => {
  if (message.isDeleted || !message.mediaUrl) return 'text';
  return message.mediaType === 'image' ? 'image' : 'link';
};
