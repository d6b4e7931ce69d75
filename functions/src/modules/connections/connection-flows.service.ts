/**
 * A connection's standard flows (spec document 2 "Standard flow tab": flowIdWelcome, flowIdNotPhrase; server
 * reference 5.4): each must be a flow of the company, else 400 naming the field and nothing is written.
 */
import { AppError } from '../../platform/errors.ts';
import { existingFlowIds } from '../flows/flows.service.ts';
import type { ConnectionSettings } from './connection.entity.ts';

export const requireCompanyFlows = async (companyId: number, sent: Partial<ConnectionSettings>): Promise<void> => {
  const named = (['flowIdWelcome', 'flowIdNotPhrase'] as const).filter((f) => typeof sent[f] === 'number');
  if (named.length === 0) return;
  const found = await existingFlowIds(
    companyId,
    named.map((f) => sent[f]!),
  );
  const fields = named
    .filter((f) => !found.has(sent[f]!))
    .map((f) => ({ path: `body.${f}`, message: `Unknown flow ${sent[f]}` }));
  if (fields.length) throw new AppError('ERR_VALIDATION', 'Invalid connection settings', { fields });
};
