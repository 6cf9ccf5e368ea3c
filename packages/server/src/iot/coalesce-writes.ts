import { Socket } from 'node:net';
import type { Writable } from 'node:stream';

/**
 * Gathers what is written to a connection during one turn of the event loop into one system call.
 * MQTT libraries write each packet on its own (mqtt-packet corks a stream only until the next tick,
 * and the embedded broker delivers every packet in a callback of its own), so a group command to
 * 10,000 lamps cost some 50,000 `writev` calls on the event loop that also answers the console. Held
 * until the loop's check phase (`setImmediate`), the packets of a turn leave together; a full buffer
 * still reports back-pressure (`write` answers false, `drain` follows the flush).
 */
export function coalesceWrites<T extends Writable>(stream: T): T {
  // Gathered here, the packets need no gathering by TCP: Nagle's algorithm would hold a packet written
  // while an earlier one waits for its acknowledgement (40 ms of delayed ACK on Linux).
  if (stream instanceof Socket) stream.setNoDelay(true);
  let held = false;
  const release = () => {
    held = false;
    stream.uncork();
  };
  const write = stream.write;
  stream.write = function (this: T, ...args: Parameters<T['write']>) {
    if (!held && !stream.destroyed) {
      held = true;
      stream.cork();
      setImmediate(release);
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as T['write'];
  return stream;
}
