import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  InvalidOgg,
  isOggOpus,
  OGG_BOS,
  OGG_CONTINUED,
  OGG_EOS,
  oggCrc,
  oggPackets,
  readOggPages,
  type OggPage,
} from './ogg-pages.ts';
import { NotWebmOpus, opusPacketSamples, webmOpusToOgg } from './webm-opus-to-ogg.ts';

/** 2.5 s of a tone recorded by Chromium's MediaRecorder (scripts/record-voice-fixture.ts remakes it). */
const RECORDING = new Uint8Array(readFileSync(new URL('./fixtures/chromium-voice.webm', import.meta.url)));
const RECORDED_SECONDS = 2.5;

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const textOf = (bytes: Uint8Array) => String.fromCharCode(...bytes);

// ----- a small Matroska writer, for the shapes a recorder may not produce -----

const idBytes = (id: number): number[] => {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return out;
};
/** an element of known size (8-byte size field), or of unknown size as a live recorder writes Segment and Cluster */
const el = (id: number, body: number[] | Uint8Array, unknownSize = false): number[] => {
  const size = unknownSize ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff] : [0x01, 0, 0, 0, 0, 0, 0, 0];
  if (!unknownSize) for (let i = 7, v = body.length; i > 0; i--, v = Math.floor(v / 256)) size[i] = v & 0xff;
  return [...idBytes(id), ...size, ...body];
};
const uint = (id: number, value: number) =>
  el(id, [(value >> 24) & 0xff, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
const str = (id: number, value: string) => el(id, ascii(value));
const float64 = (id: number, value: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, value);
  return el(id, b);
};
const header = (docType = 'webm') => el(0x1a45dfa3, [...uint(0x4286, 1), ...str(0x4282, docType)]);
const trackEntry = (fields: number[]) => el(0xae, fields);
const opusTrack = (extra: number[] = []) => trackEntry([...uint(0xd7, 1), ...uint(0x83, 2), ...str(0x86, 'A_OPUS'), ...extra]);
const audio = (channels: number, rate: number) => el(0xe1, [...float64(0xb5, rate), ...uint(0x9f, channels)]);
/** block payload: track 1, relative time, flags, then the laced frames */
const block = (time: number, flags: number, laced: number[]) => [0x81, (time >> 8) & 0xff, time & 0xff, flags, ...laced];
const simpleBlock = (time: number, packet: number[]) => el(0xa3, block(time, 0x80, packet));
const cluster = (timecode: number, children: number[], unknownSize = true) =>
  el(0x1f43b675, [...uint(0xe7, timecode), ...children], unknownSize);
const webm = (tracks: number[], clusters: number[], docType = 'webm') =>
  new Uint8Array([...header(docType), ...el(0x18538067, [...el(0x1654ae6b, tracks), ...clusters], true)]);

/** an Opus packet of `length` bytes whose TOC byte is `toc` (the rest is filler the remux must carry unchanged) */
const packet = (toc: number, length: number, fill = 0x5a): number[] => [
  toc,
  ...Array.from({ length: length - 1 }, (_, i) => (fill + i) & 0xff),
];
const CELT_20MS = 0xf8; // config 31, one frame: 960 samples

const audioPackets = (ogg: Uint8Array) => oggPackets(readOggPages(ogg)).slice(2);

describe('WebM/Opus to Ogg/Opus', () => {
  it('turns a Chromium recording into valid Ogg pages: checksums right, OpusHead then OpusTags, BOS and EOS', () => {
    const ogg = webmOpusToOgg(RECORDING);
    const pages = readOggPages(ogg);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    expect(new Set(pages.map((p) => p.serial)).size).toBe(1);
    expect(pages[0]!.flags).toBe(OGG_BOS);
    expect(pages.at(-1)!.flags & OGG_EOS).toBe(OGG_EOS);
    expect(pages.slice(1, -1).every((p) => (p.flags & (OGG_BOS | OGG_EOS)) === 0)).toBe(true);
    // the identification and comment headers each alone on their page, at granule 0
    expect(pages[0]!.lacing).toEqual([19]);
    expect(textOf(pages[0]!.body.subarray(0, 8))).toBe('OpusHead');
    expect(pages[0]!.body[9]).toBe(1);
    expect(textOf(pages[1]!.body.subarray(0, 8))).toBe('OpusTags');
    expect(pages[1]!.lacing.at(-1)).toBeLessThan(255);
    expect([pages[0]!.granule, pages[1]!.granule]).toEqual([0n, 0n]);
    expect(isOggOpus(ogg)).toBe(true);
    expect(isOggOpus(RECORDING)).toBe(false);
  });

  it('checks every page checksum with the Ogg polynomial, so a flipped byte is caught', () => {
    const ogg = webmOpusToOgg(RECORDING);
    const first = readOggPages(ogg)[0]!;
    const page = ogg.slice(0, 27 + first.lacing.length + first.body.length);
    page.fill(0, 22, 26);
    expect(oggCrc(page)).toBe(first.crc);
    // the known value of the standard check string under this CRC (no reflection, zero start, no final xor)
    expect(oggCrc(new Uint8Array(ascii('123456789')))).toBe(0x89a1897f);
    const damaged = ogg.slice();
    damaged[ogg.length - 3] = damaged[ogg.length - 3]! ^ 0x01;
    expect(() => readOggPages(damaged)).toThrow(InvalidOgg);
  });

  it('carries the recording’s Opus packets byte for byte, in order', () => {
    const packets = audioPackets(webmOpusToOgg(RECORDING));
    expect(packets.length).toBeGreaterThan(30);
    let from = 0;
    for (const { data } of packets) {
      const found = indexOf(RECORDING, data, from);
      expect(found).toBeGreaterThan(from);
      // each one is the payload of a SimpleBlock of track 1 (no lacing): its header sits just before it
      expect(RECORDING[found - 4]).toBe(0x81);
      expect(RECORDING[found - 1]! & 0x06).toBe(0);
      from = found + data.length;
    }
  });

  it('counts granule positions in 48 kHz samples from each packet’s TOC, ending at the recording’s length', () => {
    const ogg = webmOpusToOgg(RECORDING);
    const pages = readOggPages(ogg);
    const preSkip = new DataView(pages[0]!.body.buffer, pages[0]!.body.byteOffset).getUint16(10, true);
    const audioPages = pages.slice(2);
    const granules = audioPages.map((p) => p.granule);
    expect(granules.every((g, i) => i === 0 || g > granules[i - 1]!)).toBe(true);
    const packets = audioPackets(ogg);
    const total = packets.reduce((sum, p) => sum + opusPacketSamples(p.data), 0);
    expect(granules.at(-1)).toBe(BigInt(total));
    // each page's granule is the sum of the samples of the packets completed by its end
    let sum = 0;
    packets.forEach((p, i) => {
      sum += opusPacketSamples(p.data);
      if (packets[i + 1]?.granule !== p.granule) expect(p.granule).toBe(BigInt(sum));
    });
    const seconds = (Number(granules.at(-1)!) - preSkip) / 48_000;
    expect(Math.abs(seconds - RECORDED_SECONDS)).toBeLessThan(0.15);
  });

  it('reads the frame size and count of every TOC configuration and code (RFC 6716 section 3.1)', () => {
    expect(opusPacketSamples(Uint8Array.of(0 << 3))).toBe(480); // SILK 10 ms
    expect(opusPacketSamples(Uint8Array.of(3 << 3))).toBe(2880); // SILK 60 ms
    expect(opusPacketSamples(Uint8Array.of(13 << 3))).toBe(960); // hybrid 20 ms
    expect(opusPacketSamples(Uint8Array.of(16 << 3))).toBe(120); // CELT 2.5 ms
    expect(opusPacketSamples(Uint8Array.of((1 << 3) | 1, 0))).toBe(1920); // two 20 ms frames, equal sizes
    expect(opusPacketSamples(Uint8Array.of((17 << 3) | 2, 3, 0))).toBe(480); // two 5 ms frames, different sizes
    expect(opusPacketSamples(Uint8Array.of((18 << 3) | 3, 3))).toBe(1440); // code 3: three 10 ms frames
    expect(() => opusPacketSamples(Uint8Array.of((3 << 3) | 3, 3))).toThrow(NotWebmOpus); // 180 ms is over the limit
    expect(() => opusPacketSamples(Uint8Array.of((18 << 3) | 3, 0))).toThrow(NotWebmOpus);
    expect(() => opusPacketSamples(new Uint8Array(0))).toThrow(NotWebmOpus);
  });

  it('builds the OpusHead from the channels, rate and codec delay when the track has no CodecPrivate', () => {
    const file = webm(
      [...opusTrack([...uint(0x56aa, 6_500_000), ...audio(2, 48_000)])],
      cluster(0, [...simpleBlock(0, packet(CELT_20MS, 40)), ...simpleBlock(20, packet(CELT_20MS, 41))]),
    );
    const pages = readOggPages(webmOpusToOgg(file));
    const head = new DataView(pages[0]!.body.buffer, pages[0]!.body.byteOffset, 19);
    expect(textOf(pages[0]!.body.subarray(0, 8))).toBe('OpusHead');
    expect([
      pages[0]!.body[8],
      pages[0]!.body[9],
      head.getUint16(10, true),
      head.getUint32(12, true),
      pages[0]!.body[18],
    ]).toEqual([1, 2, 312, 48_000, 0]);
    expect(pages.at(-1)!.granule).toBe(1920n);
  });

  it('keeps the track’s own OpusHead, takes Block in BlockGroup, and trims the end by DiscardPadding', () => {
    const own = [...ascii('OpusHead'), 1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0];
    const group = el(0xa0, [...el(0xa1, block(40, 0x00, packet(CELT_20MS, 30))), ...el(0x75a2, [0x00, 0x8f, 0x0d, 0x18])]);
    const file = webm(
      [...opusTrack([...el(0x63a2, own), ...audio(1, 48_000)])],
      [
        ...cluster(0, [...simpleBlock(0, packet(CELT_20MS, 30)), ...simpleBlock(20, packet(CELT_20MS, 30))], false),
        ...cluster(40, group),
      ],
    );
    const pages = readOggPages(webmOpusToOgg(file));
    expect([...pages[0]!.body]).toEqual(own);
    // 3 packets of 960, less 9.375 ms (450 samples) of padding
    expect(pages.at(-1)!.granule).toBe(BigInt(3 * 960 - 450));
    expect(
      oggPackets(pages)
        .slice(2)
        .map((p) => p.data.length),
    ).toEqual([30, 30, 30]);
  });

  it('splits Xiph, EBML and fixed-size laced blocks into their packets', () => {
    const a = packet(CELT_20MS, 300, 1);
    const b = packet(CELT_20MS, 20, 2);
    const c = packet(CELT_20MS, 70, 3);
    const xiph = block(0, 0x80 | 0x02, [2, 255, 45, 20, ...a, ...b, ...c]);
    // EBML lacing: 300 as a 2-byte number, then 20 as the signed difference -280 (2-byte: -280 + 8191)
    const ebml = block(60, 0x80 | 0x06, [2, 0x41, 0x2c, 0x40 | ((8191 - 280) >> 8), (8191 - 280) & 0xff, ...a, ...b, ...c]);
    const d = packet(CELT_20MS, 25, 4);
    const fixed = block(120, 0x80 | 0x04, [1, ...d, ...packet(CELT_20MS, 25, 5)]);
    const file = webm([...opusTrack(audio(1, 48_000))], cluster(0, [...el(0xa3, xiph), ...el(0xa3, ebml), ...el(0xa3, fixed)]));
    const packets = audioPackets(webmOpusToOgg(file));
    expect(packets.map((p) => [...p.data])).toEqual([a, b, c, a, b, c, d, packet(CELT_20MS, 25, 5)]);
    expect(packets.at(-1)!.granule).toBe(BigInt(8 * 960));
  });

  it('laces long packets with 255s and carries one over pages when it needs more than 255 segments', () => {
    const exact = packet(CELT_20MS, 510);
    const huge = packet(CELT_20MS, 140_000);
    const file = webm(
      [...opusTrack(audio(1, 48_000))],
      cluster(0, [...simpleBlock(0, exact), ...simpleBlock(20, huge), ...simpleBlock(40, packet(CELT_20MS, 10))]),
    );
    const pages = readOggPages(webmOpusToOgg(file));
    const audioPages = pages.slice(2);
    expect(audioPages[0]!.lacing.slice(0, 3)).toEqual([255, 255, 0]);
    expect(audioPages.every((p) => p.lacing.length <= 255)).toBe(true);
    const carried = audioPages.findIndex((p: OggPage) => p.flags & OGG_CONTINUED);
    expect(carried).toBeGreaterThan(0);
    // a page on which no packet ends says so with granule -1
    expect(audioPages.some((p) => p.granule === -1n)).toBe(true);
    expect(audioPackets(webmOpusToOgg(file)).map((p) => p.data.length)).toEqual([510, 140_000, 10]);
  });

  it('keeps pages to a few kilobytes', () => {
    const packets = Array.from({ length: 100 }, (_, i) => simpleBlock(i * 20, packet(CELT_20MS, 200)));
    const pages = readOggPages(webmOpusToOgg(webm([...opusTrack(audio(1, 48_000))], cluster(0, packets.flat()))));
    expect(pages.length).toBeGreaterThan(4);
    expect(pages.every((p) => p.body.length < 4096 + 255)).toBe(true);
  });

  it('refuses what is not WebM with an Opus track, saying why', () => {
    expect(() => webmOpusToOgg(webmOpusToOgg(RECORDING))).toThrow(/no EBML header/);
    expect(() => webmOpusToOgg(new Uint8Array(ascii('ID3 not a webm')))).toThrow(NotWebmOpus);
    expect(() => webmOpusToOgg(new Uint8Array(0))).toThrow(NotWebmOpus);
    const vorbis = webm(
      [...trackEntry([...uint(0xd7, 1), ...uint(0x83, 2), ...str(0x86, 'A_VORBIS')])],
      cluster(0, simpleBlock(0, packet(CELT_20MS, 10))),
    );
    expect(() => webmOpusToOgg(vorbis)).toThrow(/No Opus audio track.*A_VORBIS/);
    expect(() => webmOpusToOgg(webm([...opusTrack(audio(1, 48_000))], []))).toThrow(/no Opus audio/);
    expect(() =>
      webmOpusToOgg(webm([...opusTrack(audio(1, 48_000))], cluster(0, simpleBlock(0, packet(CELT_20MS, 10))), 'mkv-ish')),
    ).toThrow(/document type/);
    expect(() => webmOpusToOgg(RECORDING.subarray(0, 30))).toThrow(NotWebmOpus);
  });
});

const indexOf = (haystack: Uint8Array, needle: Uint8Array, from: number): number => {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
};
