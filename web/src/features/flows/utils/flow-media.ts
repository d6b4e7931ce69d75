/** Upload rules of flow nodes (spec document 3 section 5), checked in the browser before anything is sent. */
import { FLOW_AUDIO_MAX_BYTES, FLOW_IMAGE_MAX_BYTES, FLOW_VIDEO_MAX_BYTES } from '@switchboard/shared/contracts/flows';
import { extensionOf } from '@switchboard/shared/media-types';

export interface MediaRule {
  extensions: readonly string[];
  maxBytes: number;
}

/** Images png/jpg/jpeg up to 2 MB; audio ogg or mp3 (opus too inside content) up to 5 MB; video mp4 up to 20 MB. */
export const mediaRuleOf = (kind: 'img' | 'audio' | 'video', inContent: boolean): MediaRule => {
  if (kind === 'img') return { extensions: ['png', 'jpg', 'jpeg'], maxBytes: FLOW_IMAGE_MAX_BYTES };
  if (kind === 'audio')
    return { extensions: inContent ? ['ogg', 'mp3', 'opus'] : ['ogg', 'mp3'], maxBytes: FLOW_AUDIO_MAX_BYTES };
  return { extensions: ['mp4'], maxBytes: FLOW_VIDEO_MAX_BYTES };
};

export const acceptOf = (rule: MediaRule): string => rule.extensions.map((e) => `.${e}`).join(',');

export type MediaProblem = { key: 'flows.rules.fileType'; accept: string } | { key: 'flows.rules.fileSize'; max: number };

export const mediaProblemOf = (rule: MediaRule, file: { name: string; size: number }): MediaProblem | undefined => {
  if (!rule.extensions.includes(extensionOf(file.name)))
    return { key: 'flows.rules.fileType', accept: rule.extensions.join(', ') };
  if (file.size > rule.maxBytes) return { key: 'flows.rules.fileSize', max: rule.maxBytes / 1024 / 1024 };
  return undefined;
};
