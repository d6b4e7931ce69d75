/**
 * The file an agent's voice recording is sent as on each channel. WhatsApp (session and Cloud API) and the web chat
 * take Ogg/Opus, a voice note on WhatsApp; Messenger and Instagram take neither Ogg nor WebM audio (Meta lists aac,
 * m4a, wav and mp4), and of those only WAV can be made in a browser without an encoder: an audio attachment there.
 */
import { traitsOf } from './channel-traits.ts';
import type { Channel } from './contracts/connections.ts';

export type VoiceRecordingFormat = 'ogg' | 'wav';

export const voiceRecordingFormat = (channel: Channel): VoiceRecordingFormat => traitsOf(channel).voiceRecording;
