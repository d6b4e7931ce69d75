/**
 * WebM/Opus (what Chromium's MediaRecorder writes) to Ogg/Opus (RFC 7845), the voice-note format WhatsApp plays and
 * the Cloud API accepts. Both containers carry the same Opus packets, so nothing is decoded: the Matroska elements
 * are walked, the Opus track's packets taken out byte for byte, and written as Ogg pages with granule positions
 * counted from each packet's TOC byte. Pure and dependency-free, for the browser and Node alike.
 */
import { OGG_BOS, OGG_CONTINUED, OGG_EOS, oggCrc } from './ogg-pages.ts';

export class NotWebmOpus extends Error {}

// ----- EBML / Matroska -----

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  Audio: 0xe1,
  SamplingFrequency: 0xb5,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  DiscardPadding: 0x75a2,
} as const;

/**
 * Masters whose children are read in line (the walk is flat: a track's fields belong to the last TrackEntry opened);
 * everything else is stepped over by its size. Packets are timed by their TOC bytes, so cluster times are not needed.
 */
const DESCEND = new Set<number>([ID.EBML, ID.Segment, ID.Tracks, ID.TrackEntry, ID.Audio, ID.Cluster, ID.BlockGroup]);
const TRACK_TYPE_AUDIO = 2;

/** A variable-size integer at `at`: its length and value (marker bit removed unless `keepMarker`, as for IDs). */
const readVint = (bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number; allOnes: boolean } => {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new NotWebmOpus(`Not an EBML number at byte ${at}`);
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) throw new NotWebmOpus(`The file ends inside an element header at byte ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    allOnes &&= b === 0xff;
  }
  return { length, value, allOnes };
};

const readUint = (bytes: Uint8Array): number => bytes.reduce((v, b) => v * 256 + b, 0);

const readSigned = (bytes: Uint8Array): number => {
  const unsigned = readUint(bytes);
  return bytes.length > 0 && bytes[0]! & 0x80 ? unsigned - 2 ** (8 * bytes.length) : unsigned;
};

const readFloat = (bytes: Uint8Array): number => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length === 4) return view.getFloat32(0);
  if (bytes.length === 8) return view.getFloat64(0);
  return 0;
};

const text = (bytes: Uint8Array): string => String.fromCharCode(...bytes).replace(/\0+$/, '');

interface Track {
  number?: number;
  type?: number;
  codecId?: string;
  codecPrivate?: Uint8Array;
  codecDelayNs?: number;
  sampleRate?: number;
  channels?: number;
}

/** The frames of a (Simple)Block's payload after its header, split by the lacing its flags name. */
const blockFrames = (data: Uint8Array, at: number, lacing: number): Uint8Array[] => {
  if (lacing === 0) return [data.subarray(at)];
  if (at >= data.length) throw new NotWebmOpus('A laced block has no frame count');
  const count = data[at++]! + 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph lacing: each size but the last as a run of 255s and a final byte below 255
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let b: number;
      do {
        b = data[at++] ?? -1;
        if (b < 0) throw new NotWebmOpus('A laced block is cut short');
        size += b;
      } while (b === 255);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML lacing: the first size as a number, the others as signed differences from the one before
    const first = readVint(data, at, false);
    at += first.length;
    sizes.push(first.value);
    for (let i = 1; i < count - 1; i++) {
      const diff = readVint(data, at, false);
      at += diff.length;
      sizes.push(sizes[i - 1]! + diff.value - (2 ** (7 * diff.length - 1) - 1));
    }
  } else {
    const each = (data.length - at) / count;
    if (!Number.isInteger(each)) throw new NotWebmOpus('A fixed-size laced block does not divide evenly');
    for (let i = 0; i < count - 1; i++) sizes.push(each);
  }
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > data.length) throw new NotWebmOpus('A laced block is cut short');
    frames.push(data.subarray(at, at + size));
    at += size;
  }
  frames.push(data.subarray(at));
  return frames;
};

interface Demuxed {
  track: Track;
  packets: Uint8Array[];
  /** samples (48 kHz) the last block asks to drop from its end (Matroska DiscardPadding) */
  discardSamples: number;
}

/** The Opus track of a WebM/Matroska file and its packets in order. */
const demux = (bytes: Uint8Array): Demuxed => {
  if (readUint(bytes.subarray(0, 4)) !== ID.EBML) throw new NotWebmOpus('Not a WebM file: no EBML header');
  const tracks: Track[] = [];
  const blocks: { track: number; frames: Uint8Array[]; discardNs: number }[] = [];
  let docType = '';
  let at = 0;
  while (at < bytes.length) {
    const id = readVint(bytes, at, true);
    const size = readVint(bytes, at + id.length, false);
    const start = at + id.length + size.length;
    const unknownSize = size.allOnes;
    if (DESCEND.has(id.value)) {
      if (id.value === ID.TrackEntry) tracks.push({});
      // children follow in line; an unknown size (a live recording's Segment and Clusters) ends where the next
      // element that cannot be its child begins, which the flat walk needs no bookkeeping for
      at = start;
      continue;
    }
    if (unknownSize) throw new NotWebmOpus(`Element 0x${id.value.toString(16)} has an unknown size`);
    const end = start + size.value;
    if (end > bytes.length) {
      // a recording cut off mid-block keeps what came before
      if (id.value === ID.SimpleBlock || id.value === ID.Block) break;
      throw new NotWebmOpus(`Element 0x${id.value.toString(16)} runs past the end of the file`);
    }
    const data = bytes.subarray(start, end);
    const track = tracks.at(-1);
    switch (id.value) {
      case ID.DocType:
        docType = text(data);
        break;
      case ID.TrackNumber:
        if (track) track.number = readUint(data);
        break;
      case ID.TrackType:
        if (track) track.type = readUint(data);
        break;
      case ID.CodecID:
        if (track) track.codecId = text(data);
        break;
      case ID.CodecPrivate:
        if (track) track.codecPrivate = data;
        break;
      case ID.CodecDelay:
        if (track) track.codecDelayNs = readUint(data);
        break;
      case ID.SamplingFrequency:
        if (track) track.sampleRate = readFloat(data);
        break;
      case ID.Channels:
        if (track) track.channels = readUint(data);
        break;
      case ID.SimpleBlock:
      case ID.Block: {
        const number = readVint(data, 0, false);
        const headerEnd = number.length + 3;
        if (headerEnd > data.length) throw new NotWebmOpus('A block is shorter than its header');
        const lacing = (data[number.length + 2]! >> 1) & 0x03;
        blocks.push({ track: number.value, frames: blockFrames(data, headerEnd, lacing), discardNs: 0 });
        break;
      }
      case ID.DiscardPadding: {
        const last = blocks.at(-1);
        if (last) last.discardNs = readSigned(data);
        break;
      }
      default:
        break;
    }
    at = end;
  }
  if (docType !== 'webm' && docType !== 'matroska') throw new NotWebmOpus(`Not a WebM file: document type "${docType}"`);
  const opus = tracks.find((t) => t.codecId === 'A_OPUS' && (t.type === undefined || t.type === TRACK_TYPE_AUDIO));
  if (!opus || opus.number === undefined) {
    const codecs = tracks.map((t) => t.codecId ?? '?').join(', ');
    throw new NotWebmOpus(`No Opus audio track in the WebM file${codecs ? ` (tracks: ${codecs})` : ''}`);
  }
  const own = blocks.filter((b) => b.track === opus.number);
  const packets = own.flatMap((b) => b.frames);
  if (packets.length === 0) throw new NotWebmOpus('The WebM file holds no Opus audio');
  const discardNs = own.at(-1)?.discardNs ?? 0;
  return { track: opus, packets, discardSamples: Math.max(0, Math.round((discardNs * 48_000) / 1e9)) };
};

// ----- Opus -----

/** Samples at 48 kHz of one frame, by the TOC's configuration number (RFC 6716 section 3.1, table 2). */
const frameSamples = (config: number): number => {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!; // SILK-only: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]!; // hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]!; // CELT-only: 2.5, 5, 10, 20 ms
};

/** How many 48 kHz samples an Opus packet decodes to, from its TOC byte and frame count code. */
export const opusPacketSamples = (packet: Uint8Array): number => {
  const toc = packet[0];
  if (toc === undefined) throw new NotWebmOpus('An Opus packet is empty');
  const code = toc & 0x03;
  if (code === 3 && packet.length < 2) throw new NotWebmOpus('An Opus packet lacks its frame count');
  const frames = code === 0 ? 1 : code === 3 ? packet[1]! & 0x3f : 2;
  const samples = frames * frameSamples(toc >> 3);
  // at most 120 ms per packet (RFC 6716 section 3.2.5)
  if (frames === 0 || samples > 5760) throw new NotWebmOpus('An Opus packet has an invalid frame count');
  return samples;
};

const OPUS_HEAD_MAGIC = 'OpusHead';

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The identification header: the track's own (Matroska keeps it as CodecPrivate), or one built from its settings. */
const opusHead = (track: Track): Uint8Array => {
  const given = track.codecPrivate;
  if (given && given.length >= 19 && text(given.subarray(0, 8)) === OPUS_HEAD_MAGIC) return given;
  const channels = track.channels ?? 1;
  // more than two channels needs a channel mapping table, which only the track's own header can give
  if (channels < 1 || channels > 2) throw new NotWebmOpus(`An Opus track of ${channels} channels needs its OpusHead`);
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set(ascii(OPUS_HEAD_MAGIC));
  head[8] = 1;
  head[9] = channels;
  view.setUint16(10, Math.round(((track.codecDelayNs ?? 0) * 48_000) / 1e9), true);
  view.setUint32(12, Math.round(track.sampleRate ?? 48_000), true);
  view.setInt16(16, 0, true);
  head[18] = 0;
  return head;
};

const VENDOR = 'Switchboard';

/** The comment header: our vendor string and no comments. */
const opusTags = (): Uint8Array => {
  const vendor = ascii(VENDOR);
  const tags = new Uint8Array(8 + 4 + vendor.length + 4);
  const view = new DataView(tags.buffer);
  tags.set(ascii('OpusTags'));
  view.setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  view.setUint32(12 + vendor.length, 0, true);
  return tags;
};

// ----- Ogg -----

/** A page is closed at the first packet end past this many bytes: small enough to stream, big enough to be cheap. */
const PAGE_TARGET_BYTES = 4096;
const MAX_SEGMENTS = 255;

class OggPageWriter {
  private readonly pages: Uint8Array[] = [];
  private sequence = 0;
  private lacing: number[] = [];
  private parts: Uint8Array[] = [];
  private bodyBytes = 0;
  private granule = -1n;
  private continued = false;

  constructor(private readonly serial: number) {}

  /** Adds a packet ending at `granule`; `flush` closes its page right after it (the headers have pages of their own). */
  packet(data: Uint8Array, granule: bigint, flush: boolean): void {
    let offset = 0;
    for (;;) {
      if (this.lacing.length === MAX_SEGMENTS) this.emit(0);
      const take = Math.min(255, data.length - offset);
      this.lacing.push(take);
      this.parts.push(data.subarray(offset, offset + take));
      this.bodyBytes += take;
      offset += take;
      if (take < 255) break;
    }
    this.granule = granule;
    if (flush || this.bodyBytes >= PAGE_TARGET_BYTES) this.emit(0);
  }

  finish(): Uint8Array<ArrayBuffer> {
    if (this.lacing.length > 0) this.emit(OGG_EOS);
    else if (this.pages.length > 0) {
      // the last packet closed its page: mark that page as the end
      const last = this.pages.at(-1)!;
      last[5] = last[5]! | OGG_EOS;
      last.fill(0, 22, 26);
      new DataView(last.buffer).setUint32(22, oggCrc(last), true);
    }
    const out = new Uint8Array(this.pages.reduce((sum, p) => sum + p.length, 0));
    let at = 0;
    for (const page of this.pages) {
      out.set(page, at);
      at += page.length;
    }
    return out;
  }

  /** Writes the pending segments as a page; the next page continues a packet this one leaves unfinished. */
  private emit(extraFlags: number): void {
    const packetGoesOn = this.lacing.at(-1) === 255;
    const header = 27 + this.lacing.length;
    const page = new Uint8Array(header + this.bodyBytes);
    const view = new DataView(page.buffer);
    page.set(ascii('OggS'));
    page[4] = 0;
    page[5] = (this.continued ? OGG_CONTINUED : 0) | (this.sequence === 0 ? OGG_BOS : 0) | extraFlags;
    // a page where no packet ends carries granule -1
    view.setBigInt64(6, this.lacing.some((v) => v < 255) ? this.granule : -1n, true);
    view.setUint32(14, this.serial, true);
    view.setUint32(18, this.sequence++, true);
    page[26] = this.lacing.length;
    page.set(this.lacing, 27);
    let at = header;
    for (const part of this.parts) {
      page.set(part, at);
      at += part.length;
    }
    view.setUint32(22, oggCrc(page), true);
    this.pages.push(page);
    this.continued = packetGoesOn;
    this.lacing = [];
    this.parts = [];
    this.bodyBytes = 0;
  }
}

export interface OggOpusOptions {
  /** the Ogg stream's serial number; any fixed number is valid for a file with one stream */
  serial?: number;
}

/**
 * A WebM/Opus file as an Ogg/Opus file with the same Opus packets: OpusHead on the first page, OpusTags on the
 * second, then the audio with granule positions in 48 kHz samples (pre-skip included, as RFC 7845 counts them).
 * Throws NotWebmOpus for anything that is not WebM (or Matroska) with an Opus track.
 */
export const webmOpusToOgg = (webm: Uint8Array, options: OggOpusOptions = {}): Uint8Array<ArrayBuffer> => {
  const { track, packets, discardSamples } = demux(webm);
  const head = opusHead(track);
  const preSkip = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint16(10, true);
  const writer = new OggPageWriter(options.serial ?? 0x5342_4f58);
  writer.packet(head, 0n, true);
  writer.packet(opusTags(), 0n, true);
  let granule = 0;
  packets.forEach((packet, i) => {
    granule += opusPacketSamples(packet);
    const last = i === packets.length - 1;
    // the end may be trimmed (padding of the last frame), never to before the pre-skip
    const at = last ? Math.max(preSkip, granule - discardSamples) : granule;
    writer.packet(packet, BigInt(at), false);
  });
  return writer.finish();
};

/** Whether the bytes start as an EBML (WebM or Matroska) file does. */
export const looksLikeWebm = (bytes: Uint8Array): boolean => bytes.length >= 4 && readUint(bytes.subarray(0, 4)) === ID.EBML;

/** The type a voice note is declared with where the codec must be named (a WhatsApp voice note, `ptt`). */
export const OGG_OPUS_MIME_TYPE = 'audio/ogg; codecs=opus';

/**
 * A file as every channel takes it: WebM/Opus audio (declared `audio/webm`) comes back as Ogg/Opus under an `.ogg`
 * name; anything else (WebM holding another codec included) comes back unchanged.
 */
export const oggIfWebmOpus = (file: {
  name: string;
  mimeType: string;
  data: Uint8Array;
}): { name: string; mimeType: string; data: Uint8Array } => {
  if (file.mimeType.split(';')[0]!.trim().toLowerCase() !== 'audio/webm' || !looksLikeWebm(file.data)) return file;
  let data: Uint8Array;
  try {
    data = webmOpusToOgg(file.data);
  } catch (error) {
    if (error instanceof NotWebmOpus) return file;
    throw error;
  }
  const dot = file.name.lastIndexOf('.');
  return { name: `${dot > 0 ? file.name.slice(0, dot) : file.name}.ogg`, mimeType: 'audio/ogg', data };
};
