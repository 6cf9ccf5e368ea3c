import { ECE_TALK_FORMAT, ECE_TALK_FRAME_SAMPLES } from '@sc/contract/families/ece';
import { PCM_CAPTURE_PROCESSOR, PCM_CAPTURE_URL } from '../../components/audio/pcm-capture';

/** Why the microphone could not be opened: no capture in this page, or the browser's refusal. */
export class MicrophoneError extends Error {
  constructor(
    readonly kind: 'unsupported' | 'denied',
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The operator's side of a call's audio: the microphone in 20 ms frames at 16 kHz (cut on the audio
 * thread by the worklet, each with the wall-clock time of its first sample), and the post's frames
 * played as they come, a tenth of a second behind so that a late frame does not click.
 */
export interface CallAudio {
  play(samples: Int16Array): void;
  stop(): void;
}

export async function openCallAudio(onFrame: (pcm: Int16Array, capturedAt: number) => void): Promise<CallAudio> {
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
  const context = new AudioContext({ sampleRate: ECE_TALK_FORMAT.sampleRate, latencyHint: 'interactive' });
  const stopAll = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  try {
    await context.audioWorklet.addModule(PCM_CAPTURE_URL);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, PCM_CAPTURE_PROCESSOR, {
      processorOptions: { frameSamples: ECE_TALK_FRAME_SAMPLES },
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
    stopAll();
    throw new MicrophoneError('unsupported', error instanceof Error ? error.message : String(error));
  }
  let next = 0;
  return {
    play(samples) {
      const buffer = context.createBuffer(1, samples.length, ECE_TALK_FORMAT.sampleRate);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 32768;
      const node = context.createBufferSource();
      node.buffer = buffer;
      node.connect(context.destination);
      const now = context.currentTime;
      if (next < now + 0.02) next = now + 0.1;
      node.start(next);
      next += buffer.duration;
    },
    stop: stopAll,
  };
}

/** The seat's ring: two short tones, by WebAudio (no sound file to fetch). Answers false when the page may not play yet. */
export async function ring(): Promise<boolean> {
  if (typeof AudioContext === 'undefined') return false;
  const context = new AudioContext();
  try {
    await context.resume();
    if (context.state !== 'running') return false;
    for (const [at, freq] of [
      [0, 880],
      [0.3, 660],
    ] as const) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(context.destination);
      osc.start(context.currentTime + at);
      osc.stop(context.currentTime + at + 0.25);
    }
    await new Promise((resolve) => setTimeout(resolve, 700));
    return true;
  } finally {
    void context.close().catch(() => undefined);
  }
}
