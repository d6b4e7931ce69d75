/**
 * Whether a company has a prompt, for the modules that name one (a connection's promptId). Kept apart from
 * prompts.service.ts so that naming a prompt does not bring the sealing of keys (and the data key's grant) along.
 */
import { getPrompt } from './prompts.repository.ts';

export const promptExists = async (companyId: number, id: number): Promise<boolean> =>
  (await getPrompt(companyId, id)) !== undefined;
