// The microphone's samples in 20 ms frames of 16-bit PCM, posted to the page with the context time of
// each frame's first sample (the page turns it into the wall-clock capture time a listener measures delay
// from). Plain JavaScript: an AudioWorklet module is loaded by URL, outside the bundle.
class PcmCapture extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.size = options.processorOptions.frameSamples;
    this.frame = new Int16Array(this.size);
    this.filled = 0;
    this.startedAt = 0;
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      if (this.filled === 0) this.startedAt = currentTime + i / sampleRate;
      const s = Math.max(-1, Math.min(1, channel[i]));
      this.frame[this.filled++] = s < 0 ? s * 0x8000 : s * 0x7fff;
      if (this.filled === this.size) {
        this.port.postMessage({ pcm: this.frame, startedAt: this.startedAt }, [this.frame.buffer]);
        this.frame = new Int16Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('sc-pcm-capture', PcmCapture);
