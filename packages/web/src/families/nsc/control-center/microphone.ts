import { NSC_LIVE_FORMAT, NSC_LIVE_FRAME_SAMPLES } from '@sc/contract/families/nsc';
import { type Microphone, openMicrophone as openAt } from '../../../components/audio/microphone';

export { type Microphone, MicrophoneError } from '../../../components/audio/microphone';

/** The operator's microphone in the live broadcast's 20 ms frames at its rate (components/audio). */
export const openMicrophone = (onFrame: (pcm: Int16Array, capturedAt: number) => void): Promise<Microphone> =>
  openAt({ sampleRate: NSC_LIVE_FORMAT.sampleRate, frameSamples: NSC_LIVE_FRAME_SAMPLES }, onFrame);
