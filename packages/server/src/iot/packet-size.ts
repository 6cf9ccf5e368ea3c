import type { Duplex } from 'node:stream';

/** Default largest MQTT packet a device may send (MQTT_MAX_PACKET): readings are a few hundred bytes. */
export const DEFAULT_MAX_PACKET_BYTES = 256 * 1024;

/**
 * Refuses an MQTT packet larger than `max` bytes as soon as its fixed header arrives: the connection
 * is closed before the body is read (a 50 MB publish used to be buffered and accepted). Reads the
 * packets' headers from the chunks the broker reads (a `data` listener beside Aedes' `readable` one is
 * told of each chunk it reads, without changing how the stream flows); a malformed length is left to
 * the broker's parser, which closes the connection itself.
 */
export function limitPacketSize(stream: Duplex, max: number, onRefused: (bytes: number) => void): void {
  let state: 'type' | 'length' | 'body' = 'type';
  let headerBytes = 0;
  let length = 0;
  let multiplier = 1;
  let remaining = 0;
  stream.on('data', (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (state === 'type') {
        i++;
        headerBytes = 1;
        length = 0;
        multiplier = 1;
        state = 'length';
      } else if (state === 'length') {
        const byte = chunk[i++]!;
        headerBytes++;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if (byte & 0x80) {
          if (headerBytes > 5) return; // not MQTT: the parser refuses it
          continue;
        }
        if (headerBytes + length > max) {
          onRefused(headerBytes + length);
          stream.destroy();
          return;
        }
        remaining = length;
        state = remaining > 0 ? 'body' : 'type';
      } else {
        const take = Math.min(remaining, chunk.length - i);
        i += take;
        remaining -= take;
        if (remaining === 0) state = 'type';
      }
    }
  });
}
