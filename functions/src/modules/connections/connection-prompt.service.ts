/**
 * A connection's AI prompt (spec document 2, connection dialog "Integrations" tab; server reference 8.4): it must be
 * a prompt of the company, else 400 naming the field and nothing is written (a deleted prompt leaves the
 * connections that named it: connection-references.service.ts).
 */
import { AppError } from '../../platform/errors.ts';
import { promptExists } from '../prompts/prompt-lookup.service.ts';
import type { ConnectionSettings } from './connection.entity.ts';

export const requireCompanyPrompt = async (companyId: number, sent: Partial<ConnectionSettings>): Promise<void> => {
  if (typeof sent.promptId !== 'number') return;
  if (!(await promptExists(companyId, sent.promptId))) {
    throw new AppError('ERR_VALIDATION', 'Invalid connection settings', {
      fields: [{ path: 'body.promptId', message: `Unknown prompt ${sent.promptId}` }],
    });
  }
};
