/**
 * Who a WhatsApp address is, as a contact identity: a phone number's digits whenever the number is known, so a
 * person addressed by LID in one message and by number in the next is one contact. Pairs are learnt from the
 * messages' alternate addresses and `lid-mapping.update`, kept in the table (per company) and asked of Baileys'
 * own LID store when neither knows.
 */
import { lidIdentity, lidOfJid, phoneOfJid } from './jids.ts';

export interface LidPairStore {
  phoneOf(companyId: number, lid: string): Promise<string | undefined>;
  remember(companyId: number, lid: string, pn: string): Promise<void>;
}

/** Baileys' mapping lookup (socket.signalRepository.lidMapping.getPNForLID), when a socket is bound. */
export type SocketLidLookup = (lidJid: string) => Promise<string | null | undefined>;

export interface ResolvedPerson {
  identity: string;
  /** the person's LID identity (`<digits>@lid`) when the identity is their phone number and the LID is known */
  lid?: string;
}

export class IdentityResolver {
  /** recent pairs, so a busy conversation does not read the table for every message */
  private readonly known = new Map<string, string>();

  constructor(
    private readonly companyId: number,
    private readonly store: LidPairStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Records a LID <-> phone pair (both JIDs, in either order); stored once per process. */
  async learn(a: string | null | undefined, b: string | null | undefined): Promise<void> {
    const lid = lidOfJid(a) ?? lidOfJid(b);
    const pn = phoneOfJid(a) ?? phoneOfJid(b);
    if (!lid || !pn || this.known.get(lid) === pn) return;
    this.remember(lid, pn);
    await this.store.remember(this.companyId, lid, pn).catch(this.onError);
  }

  /** A person's identity from their address and the alternate one a message may carry. */
  async resolve(jid: string, altJid?: string, socketLookup?: SocketLidLookup): Promise<ResolvedPerson | undefined> {
    if (altJid) await this.learn(jid, altJid);
    const pn = phoneOfJid(jid);
    if (pn) {
      const lid = lidOfJid(altJid);
      return lid ? { identity: pn, lid: lidIdentity(lid) } : { identity: pn };
    }
    const lid = lidOfJid(jid);
    if (!lid) return undefined;
    const phone = phoneOfJid(altJid) ?? (await this.phoneOfLid(lid, jid, socketLookup));
    return phone ? { identity: phone, lid: lidIdentity(lid) } : { identity: lidIdentity(lid) };
  }

  private async phoneOfLid(lid: string, jid: string, socketLookup?: SocketLidLookup): Promise<string | undefined> {
    const cached = this.known.get(lid);
    if (cached) return cached;
    const stored = await this.store.phoneOf(this.companyId, lid).catch((error: unknown) => {
      this.onError(error);
      return undefined;
    });
    if (stored) {
      this.remember(lid, stored);
      return stored;
    }
    const fromSocket = socketLookup ? phoneOfJid(await socketLookup(jid).catch(() => undefined)) : undefined;
    if (fromSocket) await this.learn(jid, `${fromSocket}@s.whatsapp.net`);
    return fromSocket;
  }

  private remember(lid: string, pn: string): void {
    if (this.known.size >= 5_000) this.known.delete(this.known.keys().next().value!);
    this.known.set(lid, pn);
  }
}
