/**
 * Group metadata for Baileys' `cachedGroupMetadata`: sends to a group read it here instead of asking WhatsApp
 * each time (uncached lookups hit rate-overlimit, peers.md 2.3.11). Filled from `groups.update` and
 * `group-participants.update` and, on a miss, from one `groupMetadata` query per group at a time.
 */
import type { GroupMetadata, GroupParticipant, ParticipantAction } from '@whiskeysockets/baileys';

export const GROUP_METADATA_TTL_MS = 10 * 60_000;

export class GroupMetadataCache {
  private readonly entries = new Map<string, { value: GroupMetadata; expires: number }>();
  private readonly inflight = new Map<string, Promise<GroupMetadata | undefined>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = GROUP_METADATA_TTL_MS,
  ) {}

  peek(jid: string): GroupMetadata | undefined {
    const entry = this.entries.get(jid);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(jid);
      return undefined;
    }
    return entry.value;
  }

  set(value: GroupMetadata): void {
    if (this.entries.size >= 2_000) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(value.id, { value, expires: this.now() + this.ttlMs });
  }

  /** The cached metadata, or what `fetch` answers on a miss (one fetch per group at a time; failures answer undefined). */
  async get(jid: string, fetch?: (jid: string) => Promise<GroupMetadata>): Promise<GroupMetadata | undefined> {
    const hit = this.peek(jid);
    if (hit || !fetch) return hit;
    let pending = this.inflight.get(jid);
    if (!pending) {
      pending = fetch(jid)
        .then((value) => {
          this.set(value);
          return value;
        })
        .catch(() => undefined)
        .finally(() => this.inflight.delete(jid));
      this.inflight.set(jid, pending);
    }
    return pending;
  }

  /** `groups.update`: the changed fields of cached groups (a group not cached is read when next needed). */
  update(changes: Partial<GroupMetadata>[]): void {
    for (const change of changes) {
      const current = change.id ? this.peek(change.id) : undefined;
      if (current) this.set({ ...current, ...change, id: current.id });
    }
  }

  /** `group-participants.update`: who joined, left, or became or stopped being an admin. */
  participants(jid: string, participants: GroupParticipant[], action: ParticipantAction): void {
    const current = this.peek(jid);
    if (!current) return;
    const ids = new Set(participants.map((p) => p.id));
    let list = current.participants;
    if (action === 'add')
      list = [...list.filter((p) => !ids.has(p.id)), ...participants.map((p) => ({ ...p, admin: p.admin ?? null }))];
    else if (action === 'remove') list = list.filter((p) => !ids.has(p.id));
    else if (action === 'promote' || action === 'demote')
      list = list.map((p) => (ids.has(p.id) ? { ...p, admin: action === 'promote' ? 'admin' : null } : p));
    else {
      // an action we do not model: read the group again when next needed
      this.entries.delete(jid);
      return;
    }
    this.set({ ...current, participants: list, size: list.length });
  }
}
