/** GET /prompt: the company's prompts; the list lives in the one home of lookups, which the connection dialog reads too. */
export {
  getPromptList as getPrompts,
  promptListKey as promptsQueryKey,
  usePromptList as usePrompts,
} from '../../../lib/lookups.ts';
