/**
 * multipart/form-data (RFC 7578) read from a whole body, as API Gateway hands it over: the text fields and the
 * files. A body that does not follow the format is refused as a whole, never half read.
 */

export interface UploadedFile {
  /** the form field that carried it (`medias`) */
  field: string;
  name: string;
  mimeType: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export class MalformedMultipart extends Error {}

/** Parts beyond this many make the body malformed (a form of a handful of fields and files is expected). */
export const MAX_PARTS = 50;

/** The boundary named by a `multipart/form-data` content type, or undefined for any other type. */
export const multipartBoundary = (contentType: string | undefined): string | undefined => {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
};

/** A header's parameter (`name="medias"`, `filename*=UTF-8''a%20b.pdf`), unquoted and decoded. */
const parameter = (header: string, name: string): string | undefined => {
  const extended = new RegExp(`;\\s*${name}\\*=([^']*)'[^']*'([^;\\s]+)`, 'i').exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!);
    } catch {
      throw new MalformedMultipart(`Bad ${name}* parameter`);
    }
  }
  const plain = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
  if (!plain) return undefined;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2];
};

const parseHeaders = (block: string): Map<string, string> => {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MalformedMultipart('Bad part header');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
};

/** Reads the form; throws MalformedMultipart when the body does not follow the format. */
export const parseMultipart = (body: Buffer, boundary: string): MultipartForm => {
  const delimiter = Buffer.from(`--${boundary}`);
  const form: MultipartForm = { fields: {}, files: [] };
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MalformedMultipart('No boundary in the body');
  for (let parts = 0; ; parts++) {
    at += delimiter.length;
    // the closing delimiter `--boundary--` ends the form
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return form;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw new MalformedMultipart('Bad delimiter line');
    if (parts >= MAX_PARTS) throw new MalformedMultipart('Too many parts');
    const headersEnd = body.indexOf('\r\n\r\n', at + 2);
    if (headersEnd < 0) throw new MalformedMultipart('Part without headers');
    const headers = parseHeaders(body.subarray(at + 2, headersEnd).toString('utf8'));
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) throw new MalformedMultipart('Part without an end');
    const data = body.subarray(headersEnd + 4, next);
    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MalformedMultipart('Part is not form-data');
    const name = parameter(disposition, 'name');
    if (!name) throw new MalformedMultipart('Part without a name');
    const fileName = parameter(disposition, 'filename');
    if (fileName !== undefined) {
      form.files.push({
        field: name,
        name: fileName,
        mimeType: headers.get('content-type') ?? 'application/octet-stream',
        data: Buffer.from(data),
      });
    } else {
      form.fields[name] = data.toString('utf8');
    }
    at = next + 2;
  }
};
