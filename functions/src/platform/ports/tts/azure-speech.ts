/**
 * Azure Speech's text-to-speech REST API: an SSML document POSTed to `<endpoint>/cognitiveservices/v1` with the
 * resource key (Ocp-Apim-Subscription-Key) and the wanted output format; the answer is the audio. Voice notes are
 * MP3 (audio-16khz-128kbitrate-mono-mp3), which every channel plays.
 */
import { config } from '../../config.ts';
import { TextToSpeechError, type SpeechAudio, type SpeechRequest, type TextToSpeech } from './text-to-speech.ts';

export const AZURE_OUTPUT_FORMAT = 'audio-16khz-128kbitrate-mono-mp3';

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The SSML of one utterance; the language is the voice's own (its first two name parts, e.g. pt-BR). */
export const ssmlOf = (text: string, voice: string): string => {
  const lang = voice.split('-').slice(0, 2).join('-');
  return `<speak version="1.0" xml:lang="${escapeXml(lang)}"><voice xml:lang="${escapeXml(lang)}" name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`;
};

export class AzureSpeech implements TextToSpeech {
  async synthesize({ text, voice, key, region }: SpeechRequest): Promise<SpeechAudio> {
    const cfg = config();
    if (!/^[a-z0-9]{1,40}$/.test(region)) throw new TextToSpeechError(400, 'Invalid speech region');
    const base = cfg.AZURE_TTS_URL.replace('{region}', region).replace(/\/+$/, '');
    let res: Response;
    try {
      res = await fetch(`${base}/cognitiveservices/v1`, {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': key,
          'Content-Type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': AZURE_OUTPUT_FORMAT,
          'User-Agent': 'switchboard',
        },
        body: ssmlOf(text, voice),
        signal: AbortSignal.timeout(cfg.OPENAI_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TextToSpeechError(0, `Speech service unreachable: ${(error as Error).message}`);
    }
    if (!res.ok) throw new TextToSpeechError(res.status, `Speech service answered ${res.status}`);
    const audio = Buffer.from(await res.arrayBuffer());
    if (audio.length === 0) throw new TextToSpeechError(res.status, 'Speech service answered no audio');
    return { audio, mimeType: 'audio/mpeg', extension: 'mp3' };
  }
}
