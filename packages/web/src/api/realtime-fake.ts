import type { RealtimePush, RealtimeRequest } from '@sc/contract';

/**
 * A WebSocket stand-in for jsdom tests of the realtime channel: `FakeWebSocket.instances` lists every
 * socket made; a test opens one, reads what the console sent and pushes messages to it.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = 0;
  sent: RealtimeRequest[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static reset() {
    FakeWebSocket.instances = [];
  }

  /** The newest socket. */
  static get last(): FakeWebSocket | undefined {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as RealtimeRequest);
  }

  close() {
    this.readyState = 3;
  }

  /** Server side: accept the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** Server side: push one message. */
  push(message: RealtimePush) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** Server side: drop the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}
