import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../config.ts';
import { blobStore, fileNameOfKey, S3_DOWNLOAD_TTL_SECONDS } from './blob-store.ts';

const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, {
    RUNTIME: 'aws',
    TABLE_NAME: 't',
    WS_MANAGEMENT_ENDPOINT: 'https://ws.example.test',
    PUBLIC_URL: 'https://app.example.test',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    MEDIA_BUCKET: 'media-bucket',
  });
  resetConfig();
});

afterAll(() => {
  process.env = saved;
  resetConfig();
});

describe('the S3 media store', () => {
  it('names a stored file after the uploaded name, without its unique prefix', () => {
    expect(fileNameOfKey('c1/t2/01HZX3K4M5N6P7Q8R9S0T1V2W3-price_list.pdf')).toBe('price_list.pdf');
    expect(fileNameOfKey('c1/legacy.png')).toBe('legacy.png');
  });

  it('signs the type and the disposition into the upload, so the object cannot claim another', async () => {
    const target = await blobStore().uploadUrl('c1/t2/01HZX3K4M5N6P7Q8R9S0T1V2W3-contrato.pdf', {
      mimeType: 'application/pdf',
      size: 10,
    });
    const signed = new URL(target.url).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-disposition']));
    expect(target.headers).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="contrato.pdf"; filename*=UTF-8''contrato.pdf`,
    });
  });

  it('answers downloads with a safe type: documents as attachments, pictures inline, anything else inert', async () => {
    const query = async (key: string) => new URL(await blobStore().downloadUrl(key)).searchParams;
    const pdf = await query('c1/t2/01HZX3K4M5N6P7Q8R9S0T1V2W3-contrato.pdf');
    expect(pdf.get('response-content-type')).toBe('application/pdf');
    expect(pdf.get('response-content-disposition')).toMatch(/^attachment; filename="contrato\.pdf"/);
    const png = await query('c1/t2/01HZX3K4M5N6P7Q8R9S0T1V2W3-foto.png');
    expect(png.get('response-content-type')).toBe('image/png');
    expect(png.get('response-content-disposition')).toMatch(/^inline;/);
    expect(pdf.get('X-Amz-Expires')).toBe(String(S3_DOWNLOAD_TTL_SECONDS));
    expect(S3_DOWNLOAD_TTL_SECONDS).toBeLessThanOrEqual(3600);
    const svg = await query('c1/t2/01HZX3K4M5N6P7Q8R9S0T1V2W3-logo.svg');
    expect(svg.get('response-content-type')).toBe('application/octet-stream');
    expect(svg.get('response-content-disposition')).toMatch(/^attachment;/);
  });
});

describe("the S3 media store's removal of a deleted company's files", () => {
  it('lists and deletes a prefix page by page, up to its limit, and says when files are left', async () => {
    const s3 = mockClient(S3Client);
    try {
      const keys = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ Key: `c7/in2/f${from + i}` }));
      s3.on(ListObjectsV2Command, { ContinuationToken: undefined }).resolves({
        Contents: keys(0, 1000),
        IsTruncated: true,
        NextContinuationToken: 't1',
      });
      s3.on(ListObjectsV2Command, { ContinuationToken: 't1' }).resolves({ Contents: keys(1000, 500), IsTruncated: false });
      s3.on(DeleteObjectsCommand).resolves({});
      expect(await blobStore().deletePrefix('c7/', 5000)).toEqual({ deleted: 1500, more: false });
      const deletes = s3.commandCalls(DeleteObjectsCommand).map((c) => c.args[0].input);
      expect(deletes.map((d) => d.Delete!.Objects!.length)).toEqual([1000, 500]);
      expect(deletes.every((d) => d.Bucket === 'media-bucket')).toBe(true);
      expect(s3.commandCalls(ListObjectsV2Command).every((c) => c.args[0].input.Prefix === 'c7/')).toBe(true);

      s3.reset();
      s3.on(ListObjectsV2Command).resolves({ Contents: keys(0, 1000), IsTruncated: true, NextContinuationToken: 't1' });
      s3.on(DeleteObjectsCommand).resolves({});
      expect(await blobStore().deletePrefix('c7/', 1000)).toEqual({ deleted: 1000, more: true });

      s3.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: 'c7/in2/f1', Code: 'AccessDenied' }] });
      await expect(blobStore().deletePrefix('c7/', 1000)).rejects.toThrow(/AccessDenied/);
    } finally {
      s3.restore();
    }
  });
  it('measures a prefix page by page: bytes, files and the newest file', async () => {
    const s3 = mockClient(S3Client);
    try {
      s3.on(ListObjectsV2Command, { ContinuationToken: undefined }).resolves({
        Contents: [{ Key: 'c7/a', Size: 10, LastModified: new Date('2026-01-02T00:00:00Z') }],
        IsTruncated: true,
        NextContinuationToken: 't1',
      });
      s3.on(ListObjectsV2Command, { ContinuationToken: 't1' }).resolves({
        Contents: [{ Key: 'c7/b', Size: 5, LastModified: new Date('2026-03-04T00:00:00Z') }],
        IsTruncated: false,
      });
      expect(await blobStore().prefixUsage('c7/')).toEqual({ bytes: 15, files: 2, lastModified: '2026-03-04T00:00:00.000Z' });
    } finally {
      s3.restore();
    }
  });
});
