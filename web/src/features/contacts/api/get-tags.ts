/** Every tag of the company, for the filter and the contact's tag picker: the shared lookup (lib/lookups.ts). */
export { getTagList as getTags, tagListKey as tagsQueryKey, useTagList as useTags } from '../../../lib/lookups.ts';
