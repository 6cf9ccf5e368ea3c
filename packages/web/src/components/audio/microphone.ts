import { PCM_CAPTURE_PROCESSOR, PCM_CAPTURE_URL } from './pcm-capture';

/** Why the microphone could not be opened: no capture in this page, or the browser's refusal. */
export class MicrophoneError extends Error {
  constructor(
    readonly kind: 'unsupported' | 'denied',
    reason: string,
  ) {
    super(reason);
  }
}

/** The open microphone: its audio context (to play into as well) and how to close both. */
export interface Microphone {
  context: AudioContext;
  stop(): void;
}

/**
 * Opens the operator's microphone and calls `onFrame` with each frame of `frameSamples` at `sampleRate`
 * and the wall-clock time its first sample was captured. The audio context resamples, and the worklet
 * cuts frames on the audio thread, so a busy page does not stretch them.
 */
export async function openMicrophone(
  format: { sampleRate: number; frameSamples: number },
  onFrame: (pcm: Int16Array, capturedAt: number) => void,
): Promise<Microphone> {
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined')
    throw new MicrophoneError('unsupported', '');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
  } catch (error) {
    throw new MicrophoneError('denied', error instanceof Error ? error.message || error.name : String(error));
  }
  const context = new AudioContext({ sampleRate: format.sampleRate, latencyHint: 'interactive' });
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  try {
    await context.audioWorklet.addModule(PCM_CAPTURE_URL);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, PCM_CAPTURE_PROCESSOR, {
      processorOptions: { frameSamples: format.frameSamples },
    });
    capture.port.onmessage = (event: MessageEvent<{ pcm: Int16Array; startedAt: number }>) => {
      const { pcm, startedAt } = event.data;
      onFrame(pcm, Date.now() - (context.currentTime - startedAt) * 1000);
    };
    source.connect(capture);
    // Connected to the output (it writes silence) so the graph keeps pulling it.
    capture.connect(context.destination);
    await context.resume();
  } catch (error) {
    stop();
    throw new MicrophoneError('unsupported', error instanceof Error ? error.message : String(error));
  }
  return { context, stop };
}
