/**
 * Text to speech for AI prompts that answer with a voice (server reference 8.4): one port, whose one adapter is
 * Azure Speech's REST API (azure-speech.ts); the same service is called in AWS and locally, at AZURE_TTS_URL, which
 * tests point at a fake that speaks the same protocol.
 */
import { AzureSpeech } from './azure-speech.ts';

export interface SpeechRequest {
  text: string;
  /** a voice name, e.g. pt-BR-FranciscaNeural */
  voice: string;
  /** the speech resource's key and region */
  key: string;
  region: string;
}

export interface SpeechAudio {
  audio: Buffer;
  mimeType: string;
  extension: string;
}

export interface TextToSpeech {
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
}

/** A refused or failed synthesis, with the service's status (0 when it could not be reached). */
export class TextToSpeechError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TextToSpeechError';
  }
}

let adapter: TextToSpeech | undefined;

export const textToSpeech = (): TextToSpeech => {
  adapter ??= new AzureSpeech();
  return adapter;
};
