/**
 * Finding contacts: the search index (ticket search, the contacts page's search), the contacts page filtered by
 * channel, group and tags, and the names for pickers. A page costs a bounded number of reads whatever the company's size.
 */
import { type Channel } from '@switchboard/shared/contracts/connections';
import { type Contact } from '@switchboard/shared/contracts/contacts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import {
  isFirstMatch,
  isNamePosition,
  isSearchPosition,
  isTagMemberPosition,
  nameTokens,
  numberTokens,
  queryTokens,
  emailToken,
  SEARCH_SHARD_CHARS,
  type ContactRecord,
} from './contact.entity.ts';
import {
  getContactCount,
  getContacts,
  queryContactNames,
  queryContactsByName,
  querySearchIndex,
  queryTagMembers,
  type IndexPage,
  type Position,
} from './contact-reads.repository.ts';
import { toContact } from './contact-writes.ts';
import { hidesNumbers, presentContact } from './contact-privacy.service.ts';

/**
 * Whether every search token begins a word of the name (or, for groups, whose numbers are never masked, the
 * number): what a viewer who sees masked numbers may find a contact by, so that searching digits cannot reveal
 * the hidden ones.
 */
const matchesVisibleText = (
  c: { nameNorm: string; number: string; isGroup: boolean; email?: string | null },
  tokens: string[],
): boolean => {
  const words = [...nameTokens(c.nameNorm), ...emailToken(c.email)];
  const numbers = c.isGroup ? numberTokens(c.number) : [];
  return tokens.every((t) => words.some((w) => w.startsWith(t)) || numbers.some((n) => n.startsWith(t)));
};

/**
 * The search index Query alone (one round trip): ids of contacts whose name or number matches, for ticket search.
 * `namesOnly`: the viewer sees masked numbers, so only what they can see counts (names, group numbers).
 */
export const searchContactIds = async (companyId: number, text: string, limit: number, namesOnly = false): Promise<number[]> =>
  (await searchContactIdPage(companyId, text, undefined, limit, namesOnly)).ids;

/**
 * Every contact a search text matches, read a page at a time until `max` distinct ids or `maxReads` reads:
 * `complete` is false when the matches may go on past what was read.
 */
export const searchAllContactIds = async (
  companyId: number,
  text: string,
  { max, maxReads, namesOnly = false }: { max: number; maxReads: number; namesOnly?: boolean },
): Promise<{ ids: number[]; complete: boolean }> => {
  const found = new Set<number>();
  let start: Parameters<typeof querySearchIndex>[3];
  for (let reads = 0; reads < maxReads; reads++) {
    const page = await searchContactIdPage(companyId, text, start, max + 1, namesOnly);
    page.ids.forEach((id) => found.add(id));
    start = page.next;
    if (!start) break;
    if (found.size > max) break;
  }
  const ids = [...found];
  return { ids: ids.slice(0, max), complete: !start && ids.length <= max };
};

const searchContactIdPage = async (
  companyId: number,
  text: string,
  start: Parameters<typeof querySearchIndex>[3],
  limit: number,
  namesOnly: boolean,
): Promise<{ ids: number[]; next?: Parameters<typeof querySearchIndex>[3] }> => {
  const tokens = queryTokens(text);
  if (tokens.length === 0) return { ids: [] };
  const [prefix, ...others] = byLength(tokens);
  if (isInitial(prefix!)) {
    const { entries, next } = await queryContactsByName(companyId, start, limit, prefix!);
    return {
      ids: entries.filter((e) => matchesVisibleText({ ...e.value, isGroup: false }, tokens)).map((e) => e.value.id),
      next,
    };
  }
  const page = await querySearchIndex(companyId, prefix!, others, start, limit);
  const ids = page.entries
    .filter((e) => isFirstMatch(e.value, prefix!))
    .filter(
      (e) =>
        !namesOnly ||
        matchesVisibleText(
          {
            nameNorm: e.value.nameNorm,
            number: e.value.number,
            isGroup: e.value.contact?.isGroup ?? false,
            email: e.value.contact?.email,
          },
          tokens,
        ),
    )
    .map((e) => e.value.contactId);
  return { ids, next: page.next };
};

const byLength = (tokens: string[]): string[] => [...tokens].sort((a, b) => b.length - a.length);

/** A search whose longest token is one character reads the names beginning with it (see contact.entity.ts). */
const isInitial = (prefix: string): boolean => [...prefix].length < SEARCH_SHARD_CHARS;

// ----- the contacts page -----

export interface ContactListQuery {
  searchParam?: string;
  channel?: Channel;
  isGroup?: boolean;
  contactTag?: number[];
  cursor?: string;
  rowsPerPage: number;
}

interface ListCursor {
  /** which index the position belongs to: 'name', 'tag:<id>' or 'search:<prefix>' */
  s: string;
  p: Position;
  /** contacts answered on the earlier pages */
  n: number;
}

const isListCursor = (v: unknown): v is ListCursor => {
  const c = v as ListCursor;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.s === 'string' &&
    Number.isInteger(c.n) &&
    c.n >= 0 &&
    typeof c.p === 'object' &&
    c.p !== null &&
    !Array.isArray(c.p) &&
    Object.values(c.p).every((x) => typeof x === 'string')
  );
};

const badCursor = () =>
  new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });

type Reader = (start: Position | undefined, limit: number) => Promise<IndexPage<ContactRecord | undefined>>;

/** Index reads a filtered page may take before it answers with what it found (and hasMore). */
const MAX_ROUNDS = 3;

/**
 * Fills a page from an index: reads `rows + 1` entries at a time (the extra one tells honestly whether more
 * follow), keeps those that pass `keep`, and stops after MAX_ROUNDS reads, so a page never costs more than
 * a fixed number of reads whatever the company's size. A filtered page may come back short with hasMore.
 */
const fillPage = async (read: Reader, keep: (c: ContactRecord) => boolean, rows: number, start: Position | undefined) => {
  const page: ContactRecord[] = [];
  let lastTaken: Position | undefined;
  let from = start;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { entries, next } = await read(from, rows - page.length + 1);
    for (const entry of entries) {
      if (!entry.value || !keep(entry.value)) continue;
      if (page.length === rows) return { page, resume: lastTaken, hasMore: true };
      page.push(entry.value);
      lastTaken = entry.position;
    }
    if (!next) return { page, resume: undefined, hasMore: false };
    from = next;
    if (page.length === rows) break;
  }
  return { page, resume: from, hasMore: true };
};

/** Reads search index entries and resolves them to contacts with one BatchGet. */
const searchReader =
  (companyId: number, prefix: string, others: string[]): Reader =>
  async (start, limit) => {
    const { entries, next } = await querySearchIndex(companyId, prefix, others, start, limit);
    const first = entries.filter((e) => isFirstMatch(e.value, prefix));
    // index items carry the contact; only items written before they did need the contacts read
    const missing = first.filter((e) => !e.value.contact).map((e) => e.value.contactId);
    const contacts: Map<number, ContactRecord> = missing.length > 0 ? await getContacts(companyId, missing) : new Map();
    for (const e of first) if (e.value.contact) contacts.set(e.value.contactId, e.value.contact);
    return {
      entries: entries.map((e) => ({
        position: e.position,
        value: first.includes(e) ? contacts.get(e.value.contactId) : undefined,
      })),
      next,
    };
  };

/** Names beginning with `prefix` whose other words begin with the other tokens. */
const initialReader =
  (companyId: number, prefix: string, tokens: string[]): Reader =>
  async (start, limit) => {
    const { entries, next } = await queryContactsByName(companyId, start, limit, prefix);
    return {
      entries: entries.map((e) => ({
        position: e.position,
        value: matchesVisibleText({ ...e.value, isGroup: false }, tokens) ? e.value : undefined,
      })),
      next,
    };
  };

const tagReader =
  (companyId: number, tagId: number): Reader =>
  async (start, limit) => {
    const { entries, next } = await queryTagMembers(companyId, tagId, start, limit);
    const contacts =
      entries.length > 0
        ? await getContacts(
            companyId,
            entries.map((e) => e.value),
          )
        : new Map();
    return { entries: entries.map((e) => ({ position: e.position, value: contacts.get(e.value) })), next };
  };

/**
 * One page of the contacts list for a company (no masking; see listContacts).
 * Which index answers: a search text -> the search index (then one BatchGet); else a tag filter -> the first
 * tag's members (then one BatchGet); else contacts by name. Channel, isGroup and the other tags filter in memory;
 * with several tags a contact must carry every one of them.
 *
 * `count`: unfiltered, the company's total from its counter item. Filtered, counting every match would cost
 * what the company has, so it is what is known for sure: the matches answered on this page and the earlier
 * ones (carried in the cursor); it is exact once hasMore is false.
 */
export const findContactsPage = async (
  companyId: number,
  query: ContactListQuery,
  /** the viewer sees masked numbers: a search matches names (and group numbers) only */
  namesOnly = false,
): Promise<{ contacts: Contact[]; count: number; hasMore: boolean; nextCursor: string | null }> => {
  const tokens = query.searchParam ? queryTokens(query.searchParam) : [];
  // a search made only of punctuation matches nothing (rather than everything)
  if (query.searchParam && tokens.length === 0) return { contacts: [], count: 0, hasMore: false, nextCursor: null };
  const tagIds = [...new Set(query.contactTag ?? [])];
  const filtered = tokens.length > 0 || tagIds.length > 0 || query.channel !== undefined || query.isGroup !== undefined;

  let source: string;
  let read: Reader;
  let validPosition: (p: Position) => boolean;
  if (tokens.length > 0) {
    const [prefix, ...others] = byLength(tokens);
    if (isInitial(prefix!)) {
      source = `initial:${prefix}`;
      read = initialReader(companyId, prefix!, tokens);
      validPosition = (p) => isNamePosition(companyId, p) && p.gsi1sk!.startsWith(prefix!);
    } else {
      source = `search:${prefix}`;
      read = searchReader(companyId, prefix!, others);
      validPosition = (p) => isSearchPosition(companyId, prefix!, p);
    }
  } else if (tagIds.length > 0) {
    const tagId = tagIds[0]!;
    source = `tag:${tagId}`;
    read = tagReader(companyId, tagId);
    validPosition = (p) => isTagMemberPosition(companyId, tagId, p);
  } else {
    source = 'name';
    read = queryContactsByName.bind(null, companyId);
    validPosition = (p) => isNamePosition(companyId, p);
  }

  const scope = {
    list: 'contacts.list',
    companyId,
    filters: {
      searchParam: query.searchParam,
      channel: query.channel,
      isGroup: query.isGroup,
      contactTag: query.contactTag,
      namesOnly,
    },
  };
  const cursor = await decodeCursor(query.cursor, scope, isListCursor);
  if (cursor && (cursor.s !== source || !validPosition(cursor.p))) throw badCursor();

  const keep = (c: ContactRecord): boolean =>
    (query.channel === undefined || c.channel === query.channel) &&
    (query.isGroup === undefined || c.isGroup === query.isGroup) &&
    tagIds.every((id) => c.tags.some((t) => t.id === id)) &&
    (!namesOnly || tokens.length === 0 || matchesVisibleText(c, tokens));

  const [result, total] = await Promise.all([
    fillPage(read, keep, query.rowsPerPage, cursor?.p),
    filtered ? Promise.resolve(undefined) : getContactCount(companyId),
  ]);
  const before = cursor?.n ?? 0;
  const count = total ?? before + result.page.length;
  const nextCursor =
    result.hasMore && result.resume
      ? await encodeCursor({ s: source, p: result.resume, n: before + result.page.length } satisfies ListCursor, scope)
      : null;
  return { contacts: result.page.map(toContact), count, hasMore: nextCursor !== null, nextCursor };
};

/** GET /contacts: the page, with numbers masked for viewers who may not see them. */
export const listContacts = async (auth: AuthContext, query: ContactListQuery) => {
  const page = await findContactsPage(auth.companyId, query, hidesNumbers(auth));
  return { ...page, contacts: page.contacts.map((c) => presentContact(auth, c)) };
};

/** `l`: a position in the name index; a cursor of the contacts page (which has `s`, `p`, `n`) is not one. */
const isNamesCursor = (v: unknown): v is { l: Position } => {
  const c = v as { l?: unknown };
  return (
    typeof c === 'object' &&
    c !== null &&
    Object.keys(c).length === 1 &&
    typeof c.l === 'object' &&
    c.l !== null &&
    !Array.isArray(c.l)
  );
};

/** GET /contacts/list: ids and names in name order for pickers, up to 100 a page. */
export const listContactNames = async (
  auth: AuthContext,
  query: { cursor?: string; limit: number },
): Promise<{ contacts: { id: number; name: string }[]; hasMore: boolean; nextCursor: string | null }> => {
  const scope = { list: 'contacts.list-all', companyId: auth.companyId };
  const cursor = await decodeCursor(query.cursor, scope, isNamesCursor);
  if (cursor && !isNamePosition(auth.companyId, cursor.l)) throw badCursor();
  const { entries, next } = await queryContactNames(auth.companyId, cursor?.l, query.limit + 1);
  const page = entries.slice(0, query.limit);
  const resume = entries.length > query.limit ? page[page.length - 1]!.position : next;
  return {
    contacts: page.map((e) => e.value),
    hasMore: resume !== undefined,
    nextCursor: resume ? await encodeCursor({ l: resume }, scope) : null,
  };
};
