/** Help videos (spec document 2 section 3 "Help", document 3 "Help videos"): any user reads them, the super user writes them. */
import type { Help, HelpBody } from '@switchboard/shared/contracts/helps';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteHelpItem, listHelpItems, nextHelpId, putHelp } from './helps.repository.ts';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Help entry not found');

export const listHelps = (): Promise<Help[]> => listHelpItems();

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
