/**
 * Help videos are platform-wide (the super user writes them, every user watches them).
 * Access patterns:
 * - get a help entry: pk HELP, sk HELP#<id>
 * - list them in id order: Query pk HELP, sk begins_with HELP# (a handful per platform)
 */
import type { Help } from '@switchboard/shared/contracts/helps';
import { padId } from '../../platform/table/keys.ts';

export const HELP_PK = 'HELP';
export const helpKey = (id: number) => ({ pk: HELP_PK, sk: `HELP#${padId(id)}` });

export type HelpItem = Help & { pk: string; sk: string; type: 'help'; createdAt: string };

export const toHelp = (item: HelpItem): Help => ({
  id: item.id,
  title: item.title,
  description: item.description,
  video: item.video,
});
