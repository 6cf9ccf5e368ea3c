/** The worklet module, a file served beside the bundle: the content security policy allows same-origin scripts only, not an inlined data: URL. */
import WORKLET_URL from './pcm-capture.worklet.js?url&no-inline';

/**
 * The microphone cut into 20 ms frames of 16 kHz PCM on the audio thread, each stamped with its first
 * sample's time (the speakers' live broadcast, the emergency call seat): load `PCM_CAPTURE_URL` into the
 * context's audioWorklet, then make an AudioWorkletNode of `PCM_CAPTURE_PROCESSOR`.
 */
export const PCM_CAPTURE_URL = WORKLET_URL;
export const PCM_CAPTURE_PROCESSOR = 'sc-pcm-capture';
