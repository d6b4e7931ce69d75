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
    const target = await blobStore().uploadUrl('c1/t2/01HZX3K4M5N6P7Q8R9S0T1V2W3-contrato.pdf', { mimeType: 'application/pdf', size: 10 });
    const signed = new URL(target.url).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-disposition']));
    expect(target.headers).toEqual({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="contrato.pdf"; filename*=UTF-8''contrato.pdf` });
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
