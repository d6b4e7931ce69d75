import { MESSAGE_MEDIA_MAX_BYTES } from '@switchboard/shared/contracts/uploads';
import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';

/** Why a file cannot be sent: not an accepted type, a name whose extension is not its type's, or too large. */
export type FileProblem = 'fileType' | 'fileName' | 'fileSize';

/** The visitor's file picker offers what an agent may send. */
export const VISITOR_FILE_ACCEPT = acceptAttribute('message');
export const VISITOR_FILE_MAX_MB = MESSAGE_MEDIA_MAX_BYTES / (1024 * 1024);

/** The agents' rules, checked before anything is uploaded (the server checks them again). */
export const visitorFileProblem = (file: { name: string; type: string; size: number }): FileProblem | undefined => {
  const problem = mediaProblem('message', { name: file.name, mimeType: file.type || 'application/octet-stream' });
  if (problem === 'type') return 'fileType';
  if (problem === 'extension') return 'fileName';
  return file.size > MESSAGE_MEDIA_MAX_BYTES ? 'fileSize' : undefined;
};

/** The problem a refused upload or send names (a 400's field paths), if it is one of the file's. */
export const fileProblemOfFields = (fields: readonly string[]): FileProblem | undefined => {
  if (fields.some((f) => f.endsWith('mimeType'))) return 'fileType';
  if (fields.some((f) => f.endsWith('name'))) return 'fileName';
  if (fields.some((f) => f.endsWith('size'))) return 'fileSize';
  return undefined;
};

export const isImageFile = (file: { type: string }): boolean => /^image\/(png|jpeg|gif|webp)$/.test(file.type);
