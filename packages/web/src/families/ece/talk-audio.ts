import { ECE_TALK_FORMAT, ECE_TALK_FRAME_SAMPLES } from '@sc/contract/families/ece';
import { MicrophoneError, openMicrophone } from '../../components/audio/microphone';

export { MicrophoneError };

/**
 * The operator's side of a call's audio: the microphone in 20 ms frames at 16 kHz (components/audio),
 * and the post's frames played as they come, a tenth of a second behind so that a late frame does not click.
 */
export interface CallAudio {
  play(samples: Int16Array): void;
  stop(): void;
}

export async function openCallAudio(onFrame: (pcm: Int16Array, capturedAt: number) => void): Promise<CallAudio> {
  const { context, stop } = await openMicrophone(
    { sampleRate: ECE_TALK_FORMAT.sampleRate, frameSamples: ECE_TALK_FRAME_SAMPLES },
    onFrame,
  );
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
    stop,
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
