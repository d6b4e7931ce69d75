/** Help videos (spec document 2 section 3 "Help", document 3 "Help videos"): any user reads them, the super user writes them. */
import { HELP_PAGE_SIZE, type Help, type HelpBody, type HelpPage } from '@switchboard/shared/contracts/helps';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteHelpItem, listHelpItems, nextHelpId, putHelp } from './helps.repository.ts';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Help entry not found');

export const listHelps = (): Promise<Help[]> => listHelpItems();

/**
 * GET /helps: a page of the entries whose title or description contains the search text, in id order. The entries
 * are a handful per platform (help.entity.ts), so the page is cut from the one Query that reads them all.
 */
export const helpPage = async (query: { searchParam?: string; pageNumber: number }): Promise<HelpPage> => {
  const text = query.searchParam ?? '';
  const found = (await listHelpItems()).filter((h) => !text || `${h.title}\n${h.description}`.toLowerCase().includes(text));
  const start = (query.pageNumber - 1) * HELP_PAGE_SIZE;
  return {
    records: found.slice(start, start + HELP_PAGE_SIZE),
    count: found.length,
    hasMore: found.length > start + HELP_PAGE_SIZE,
  };
};

export const createHelp = async (body: HelpBody): Promise<Help> => {
  const help: Help = { id: await nextHelpId(), ...body };
  await putHelp(help, clock().now().toISOString(), false);
  return help;
};

export const updateHelp = async (id: number, body: HelpBody): Promise<Help> => {
  const help: Help = { id, ...body };
  if (!(await putHelp(help, clock().now().toISOString(), true))) throw notFound();
  return help;
};

export const deleteHelp = async (id: number): Promise<{ ok: true }> => {
  if (!(await deleteHelpItem(id))) throw notFound();
  return { ok: true };
};
