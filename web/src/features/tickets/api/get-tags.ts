/** The company's tags (kanban 1: lanes), for the inbox: the shared lookup (lib/lookups.ts). */
export { getTagList as getTags, tagListKey as tagsQueryKey, useTagList as useTags } from '../../../lib/lookups.ts';
