import { describe, expect, it } from 'vitest';
import { voiceRecordingFormat } from './voice-recordings.ts';

describe('voiceRecordingFormat', () => {
  it('sends recordings as WAV on Messenger and Instagram, which take no Ogg, and as Ogg/Opus elsewhere', () => {
    expect(voiceRecordingFormat('facebook')).toBe('wav');
    expect(voiceRecordingFormat('instagram')).toBe('wav');
    expect(voiceRecordingFormat('whatsapp')).toBe('ogg');
    expect(voiceRecordingFormat('whatsappapi')).toBe('ogg');
    expect(voiceRecordingFormat('webchat')).toBe('ogg');
  });
});
