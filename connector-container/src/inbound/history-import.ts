/**
 * The history a session's socket brings: a history sync's recent messages are taken in as missed ones (within
 * `historyWindowMs`), and the messages of an import of old messages' range are taken in marked imported, in chunks,
 * each chunk reported as the import's progress until WhatsApp says the sync is complete.
 */
import type { BaileysEventMap, WAMessage } from '@whiskeysockets/baileys';
import type { InboundEvent } from '@switchboard/shared/connector';
import { errorData, type BridgeDeps, type BridgeLog, type BridgeScope } from '../bridge-scope.ts';
import type { SessionContext } from '../sessions/session-bridge.ts';
import type { IdentityResolver } from './identities.ts';
import { isGroupJid } from './jids.ts';
import { EMIT_CHUNK, type MessageIntake } from './message-intake.ts';
import { timestampOf } from './normalise.ts';

export const DEFAULT_HISTORY_WINDOW_MS = 24 * 60 * 60_000;

export class HistoryImport {
  private readonly context: SessionContext;
  private readonly deps: BridgeDeps;
  private readonly log: BridgeLog;
  private readonly now: () => Date;
  private readonly identities: IdentityResolver;
  /** this socket's import: messages of the range found and queued so far */
  private readonly imported = { found: 0, done: 0 };

  constructor(
    scope: BridgeScope,
    private readonly intake: MessageIntake,
  ) {
    this.context = scope.context;
    this.deps = scope.deps;
    this.log = scope.log;
    this.now = scope.now;
    this.identities = scope.identities;
  }

  async takeHistory(history: BaileysEventMap['messaging-history.set']): Promise<void> {
    for (const pair of history.lidPnMappings ?? []) await this.identities.learn(pair.lid, pair.pn);
    // the contacts it brings pair LIDs with numbers, so chats addressed by LID find their person's number
    await this.intake.learnContacts(history.contacts ?? []);
    await this.intake.keepChats(history.chats ?? [], history.contacts ?? []);
    const since = this.now().getTime() - (this.deps.historyWindowMs ?? DEFAULT_HISTORY_WINDOW_MS);
    const range = await this.importWindow();
    const recent: WAMessage[] = [];
    const old: WAMessage[] = [];
    for (const m of history.messages) {
      const at = Date.parse(timestampOf(m, new Date(0)));
      if (range && at >= range.from && at <= range.to) {
        // old group history only when the import asks for it
        if (range.groups || !isGroupJid(m.key.remoteJid)) old.push(m);
      } else if (at >= since) recent.push(m);
    }
    await this.intake.takeIn(recent, 'recovered');
    if (old.length > 0) await this.takeInImported(old);
    if (range && history.progress === 100) await this.finishImport();
  }

  /** an import of old messages is waiting for the history a new pairing brings */
  async wantsFullHistory(): Promise<boolean> {
    return (await this.importWindow()) !== undefined;
  }

  private async importWindow() {
    const { imports } = this.deps;
    if (!imports) return undefined;
    return imports.windowOf(this.context.companyId, this.context.connectionId).catch((error: unknown) => {
      this.log.warn('import settings not read', errorData(error));
      return undefined;
    });
  }

  /** Old messages of an import's range: marked imported, queued in chunks, each chunk reported as progress. */
  private async takeInImported(messages: WAMessage[]): Promise<void> {
    this.imported.found += messages.length;
    const events: InboundEvent[] = [];
    for (const msg of messages) {
      const event = await this.intake.eventOf(msg).catch((error: unknown) => {
        this.log.warn('message not normalised', { id: msg.key.id, ...errorData(error) });
        return undefined;
      });
      if (event?.kind === 'message') events.push({ ...event, imported: true });
    }
    // what could not be taken in (a protocol message, our own chat) counts as handled
    this.imported.done += messages.length - events.length;
    for (let i = 0; i < events.length; i += EMIT_CHUNK) {
      const chunk = events.slice(i, i + EMIT_CHUNK);
      await this.context.emit(chunk);
      this.imported.done += chunk.length;
      await this.reportImport();
    }
    if (events.length === 0) await this.reportImport();
  }

  private async reportImport(): Promise<void> {
    const counts = { done: this.imported.done, total: this.imported.found };
    await this.deps.imports
      ?.progress(this.context.companyId, this.context.connectionId, counts)
      .catch((error: unknown) => this.log.warn('import progress not stored', errorData(error)));
  }

  async finishImport(): Promise<void> {
    if (!this.deps.imports || this.imported.found === 0) return;
    await this.deps.imports
      .finished(this.context.companyId, this.context.connectionId)
      .catch((error: unknown) => this.log.warn('import end not stored', errorData(error)));
  }
}
