/**
 * The files agents may upload and how a stored file is served. One list for the server's checks, the web app's
 * file pickers and the media store's response headers: images, audio, video, PDF and office documents, plain
 * text and vCards. Nothing a browser would run (HTML, SVG, XML, scripts) is accepted, and the file name's
 * extension must belong to the declared type, so `photo.html` cannot pass as `image/png`.
 */
import type { z } from 'zod';

interface MediaKind {
  extensions: readonly string[];
  /** a browser shows it without running anything: image, audio or video in a format it decodes */
  inline: boolean;
}

const kinds = {
  'image/jpeg': { extensions: ['jpg', 'jpeg'], inline: true },
  'image/png': { extensions: ['png'], inline: true },
  'image/gif': { extensions: ['gif'], inline: true },
  'image/webp': { extensions: ['webp'], inline: true },
  'audio/mpeg': { extensions: ['mp3'], inline: true },
  'audio/ogg': { extensions: ['ogg', 'oga', 'opus'], inline: true },
  'audio/opus': { extensions: ['opus'], inline: true },
  'audio/mp4': { extensions: ['m4a', 'mp4'], inline: true },
  'audio/aac': { extensions: ['aac'], inline: true },
  'audio/wav': { extensions: ['wav'], inline: true },
  'audio/x-wav': { extensions: ['wav'], inline: true },
  'audio/webm': { extensions: ['webm', 'weba'], inline: true },
  'audio/amr': { extensions: ['amr'], inline: false },
  'video/mp4': { extensions: ['mp4', 'm4v'], inline: true },
  'video/webm': { extensions: ['webm'], inline: true },
  'video/ogg': { extensions: ['ogv'], inline: true },
  'video/quicktime': { extensions: ['mov'], inline: false },
  'video/3gpp': { extensions: ['3gp'], inline: false },
  'application/pdf': { extensions: ['pdf'], inline: false },
  'application/msword': { extensions: ['doc'], inline: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['docx'], inline: false },
  'application/vnd.ms-excel': { extensions: ['xls'], inline: false },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['xlsx'], inline: false },
  'application/vnd.ms-powerpoint': { extensions: ['ppt'], inline: false },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extensions: ['pptx'], inline: false },
  'application/vnd.oasis.opendocument.text': { extensions: ['odt'], inline: false },
  'application/vnd.oasis.opendocument.spreadsheet': { extensions: ['ods'], inline: false },
  'application/vnd.oasis.opendocument.presentation': { extensions: ['odp'], inline: false },
  'application/rtf': { extensions: ['rtf'], inline: false },
  'text/plain': { extensions: ['txt', 'log'], inline: false },
  'text/csv': { extensions: ['csv'], inline: false },
  'text/vcard': { extensions: ['vcf', 'vcard'], inline: false },
  'text/x-vcard': { extensions: ['vcf', 'vcard'], inline: false },
} as const satisfies Record<string, MediaKind>;

export type AllowedMimeType = keyof typeof kinds;

/** Where a file is uploaded; schedules carry a picture only (spec document 1: png, jpg or jpeg). */
export type MediaUse =
  | 'message'
  | 'quickMessage'
  | 'schedule'
  | 'fileList'
  | 'profileImage'
  | 'greetingMedia'
  | 'announcement'
  | 'brandLogo'
  | 'contactListImport'
  | 'flowImage'
  | 'flowAudio'
  | 'flowContentAudio'
  | 'flowVideo';

const allowedFor: Record<MediaUse, readonly AllowedMimeType[]> = {
  message: Object.keys(kinds) as AllowedMimeType[],
  quickMessage: Object.keys(kinds) as AllowedMimeType[],
  schedule: ['image/png', 'image/jpeg'],
  // files a queue or chatbot option sends to customers: what an agent may send
  fileList: Object.keys(kinds) as AllowedMimeType[],
  // a user's picture is shown in an <img>: still images only
  profileImage: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  // a connection's greeting media (spec document 2, General tab): an image or a video
  greetingMedia: [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'video/mp4',
    'video/webm',
    'video/3gpp',
    'video/quicktime',
  ],
  // an announcement's image (spec document 3 section 5: .png, .jpg, .jpeg)
  announcement: ['image/png', 'image/jpeg'],
  // white-label logos and favicon: raster images only (an SVG could carry script)
  brandLogo: ['image/png', 'image/jpeg', 'image/webp'],
  // a contact list's import (spec document 3 section 5: .xls or .xlsx; .csv too), read on the server
  contactListImport: [
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv',
  ],
  // files of flow nodes (spec document 3 section 5): png/jpg images, ogg or mp3 audio (opus in content), mp4 video
  flowImage: ['image/png', 'image/jpeg'],
  flowAudio: ['audio/ogg', 'audio/mpeg'],
  flowContentAudio: ['audio/ogg', 'audio/mpeg', 'audio/opus'],
  flowVideo: ['video/mp4'],
};

/** The MIME type without parameters, lowercased: `audio/webm;codecs=opus` is `audio/webm`. */
export const baseMimeType = (mimeType: string): string => mimeType.split(';')[0]!.trim().toLowerCase();

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const kindOf = (mimeType: string): MediaKind | undefined => (kinds as Record<string, MediaKind>)[baseMimeType(mimeType)];

export const isAllowedMimeType = (use: MediaUse, mimeType: string): boolean =>
  (allowedFor[use] as readonly string[]).includes(baseMimeType(mimeType));

/** Whether the name's extension is one of the declared type's. */
export const extensionMatches = (name: string, mimeType: string): boolean =>
  kindOf(mimeType)?.extensions.includes(extensionOf(name)) ?? false;

/** Why a file is refused for a use, or undefined when it is accepted. */
export const mediaProblem = (use: MediaUse, file: { name: string; mimeType: string }): 'type' | 'extension' | undefined => {
  if (!isAllowedMimeType(use, file.mimeType)) return 'type';
  if (!extensionMatches(file.name, file.mimeType)) return 'extension';
  return undefined;
};

/** The `accept` attribute of a file input for a use: its types and their extensions. */
export const acceptAttribute = (use: MediaUse): string => {
  const types = allowedFor[use];
  const extensions = new Set(types.flatMap((t) => kinds[t].extensions.map((e) => `.${e}`)));
  return [...types, ...extensions].join(',');
};

/** The allowed type a file name's extension stands for (the first one listed), for files known by name only. */
export const mimeTypeOfName = (name: string): AllowedMimeType | undefined => {
  const extension = extensionOf(name);
  return (Object.keys(kinds) as AllowedMimeType[]).find((type) =>
    (kinds[type].extensions as readonly string[]).includes(extension),
  );
};

/** The type a browser may see for a stored file: an allowed one, else a download that it cannot interpret. */
export const servedContentType = (storedType: string | undefined): string => {
  const type = baseMimeType(storedType ?? '');
  return kindOf(type) ? type : 'application/octet-stream';
};

/** Whether a stored file of this type is shown in the page (image, audio, video); everything else downloads. */
export const isInlineMedia = (storedType: string | undefined): boolean => kindOf(storedType ?? '')?.inline ?? false;

/** `Content-Disposition` of a stored file, with its name in ASCII and in RFC 5987 form. */
export const contentDisposition = (storedType: string | undefined, fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${isInlineMedia(storedType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** Headers of every stored file answered to a browser: never sniffed, never scripted, downloaded unless shown. */
export const mediaResponseHeaders = (storedType: string | undefined, fileName: string): Record<string, string> => ({
  'content-type': servedContentType(storedType),
  'content-disposition': contentDisposition(storedType, fileName),
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
});

/** zod refinements for an upload body `{ name, mimeType }`: 400 on `mimeType` or `name` with a clear message. */
export const refineUpload =
  (use: MediaUse) =>
  (file: { name: string; mimeType: string }, ctx: z.RefinementCtx): void => {
    const problem = mediaProblem(use, file);
    if (problem === 'type') ctx.addIssue({ code: 'custom', path: ['mimeType'], message: 'This type of file is not accepted' });
    if (problem === 'extension')
      ctx.addIssue({ code: 'custom', path: ['name'], message: "The file name's extension does not match its type" });
  };

/** How long a media URL of the AWS media store works (temporary credentials sign it), and when to read anew. */
export const MEDIA_URL_LIFETIME_SECONDS = 60 * 60;
export const MEDIA_URL_REFRESH_MS = (MEDIA_URL_LIFETIME_SECONDS - 10 * 60) * 1000;
