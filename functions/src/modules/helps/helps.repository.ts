import type { Help } from '@switchboard/shared/contracts/helps';
import { deleteExisting, putExpecting } from '../../platform/table/guarded-writes.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { HELP_PK, helpKey, toHelp, type HelpItem } from './help.entity.ts';

export const listHelpItems = async (): Promise<Help[]> => (await queryWholePartition<HelpItem>(HELP_PK, 'HELP#')).map(toHelp);

export const nextHelpId = (): Promise<number> => nextId('COUNTER', 'help');

/** Writes a help entry; `mustExist` makes it an update that fails (false) when the entry is gone. */
export const putHelp = (help: Help, at: string, mustExist: boolean): Promise<boolean> =>
  putExpecting({ ...helpKey(help.id), type: 'help', createdAt: at, ...help } satisfies HelpItem, mustExist);

export const deleteHelpItem = (id: number): Promise<boolean> => deleteExisting(helpKey(id));
