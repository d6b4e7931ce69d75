/**
 * Ogg pages (RFC 3533) as Ogg/Opus (RFC 7845) lays them out: the page checksum, and a reader that checks every page's
 * capture pattern and checksum and joins the packets back. Pure and dependency-free, for the browser and Node alike.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, initial value 0, no final xor. */
export const oggCrc = (bytes: Uint8Array): number => {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
};

export const OGG_CONTINUED = 0x01;
export const OGG_BOS = 0x02;
export const OGG_EOS = 0x04;

export interface OggPage {
  flags: number;
  /** -1 when no packet ends on the page */
  granule: bigint;
  serial: number;
  sequence: number;
  crc: number;
  lacing: number[];
  body: Uint8Array;
}

export class InvalidOgg extends Error {}

/**
 * The pages of an Ogg stream, all or the first `maxPages`; throws InvalidOgg for a bad capture pattern, a cut page or a
 * wrong checksum.
 */
export const readOggPages = (bytes: Uint8Array, maxPages = Infinity): OggPage[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pages: OggPage[] = [];
  let at = 0;
  while (at < bytes.length && pages.length < maxPages) {
    if (at + 27 > bytes.length || view.getUint32(at) !== 0x4f676753) throw new InvalidOgg(`No Ogg page at byte ${at}`);
    const segments = bytes[at + 26]!;
    const lacing = [...bytes.subarray(at + 27, at + 27 + segments)];
    const headerLength = 27 + segments;
    const end = at + headerLength + lacing.reduce((sum, v) => sum + v, 0);
    if (end > bytes.length) throw new InvalidOgg(`The page at byte ${at} is cut short`);
    const page = bytes.slice(at, end);
    const crc = new DataView(page.buffer).getUint32(22, true);
    page.fill(0, 22, 26);
    if (oggCrc(page) !== crc) throw new InvalidOgg(`Wrong checksum on the page at byte ${at}`);
    pages.push({
      flags: bytes[at + 5]!,
      granule: view.getBigInt64(at + 6, true),
      serial: view.getUint32(at + 14, true),
      sequence: view.getUint32(at + 18, true),
      crc,
      lacing,
      body: bytes.subarray(at + headerLength, end),
    });
    at = end;
  }
  return pages;
};

/** The packets of pages read by readOggPages, each with the granule of the page it ends on. */
export const oggPackets = (pages: OggPage[]): { data: Uint8Array; granule: bigint }[] => {
  const packets: { data: Uint8Array; granule: bigint }[] = [];
  let parts: Uint8Array[] = [];
  for (const page of pages) {
    let offset = 0;
    for (const value of page.lacing) {
      parts.push(page.body.subarray(offset, offset + value));
      offset += value;
      if (value < 255) {
        const data = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
        let o = 0;
        for (const p of parts) {
          data.set(p, o);
          o += p.length;
        }
        packets.push({ data, granule: page.granule });
        parts = [];
      }
    }
  }
  return packets;
};

const OPUS_HEAD = [0x4f, 0x70, 0x75, 0x73, 0x48, 0x65, 0x61, 0x64];

/** Whether the bytes are an Ogg stream whose first packet is an OpusHead: an Ogg/Opus file. */
export const isOggOpus = (bytes: Uint8Array): boolean => {
  try {
    const [first] = oggPackets(readOggPages(bytes, 1));
    return first !== undefined && OPUS_HEAD.every((b, i) => first.data[i] === b);
  } catch {
    return false;
  }
};
