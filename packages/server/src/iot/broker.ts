import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** Decides whether a device may connect: equipment id as client id / username, key1 as password. */
export type DeviceAuthenticator = (
  clientId: string,
  username: string | undefined,
  password: Buffer | undefined,
) => Promise<boolean>;

export interface EmbeddedBroker {
  port: number;
  close(): Promise<void>;
}

/**
 * The in-process MQTT broker (Aedes) of the default, single-process deployment. With MQTT_URL the
 * server uses an external broker instead and this is not started.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  authenticate: DeviceAuthenticator;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      options
        .authenticate(client.id, username ?? undefined, password ?? undefined)
        .then((ok) => {
          if (ok) return done(null, true);
          const error = Object.assign(new Error('not authorized'), { returnCode: 5 });
          done(error as never, false);
        })
        .catch((error: Error) => done(Object.assign(error, { returnCode: 3 }) as never, false));
    },
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  options.log.info({ port }, 'embedded MQTT broker listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
        // Connected clients keep the server open; aedes.close disconnects them first.
      }),
  };
}
