import { fromWireSeconds, pgwManifest } from '@sc/contract/families/pgw';
import type { FamilyHandler } from '../family-handler.js';
import { stateBatchTable } from '../kit/readings.js';
import { pgwRoutes } from './pgw.routes.js';
import { pgwLinks } from './pgw.tables.js';

/** The carrier table's rows, one per (gateway, lamp): the batch writer keeps the latest. */
const LINKS = stateBatchTable(pgwLinks);

/**
 * Power-line gateways (spec 001 §3 "Power-line gateway"): they speak for their lamp controllers and
 * report their carrier table (`links`: signal and last contact per lamp) in their own telemetry.
 */
export const pgwFamily: FamilyHandler = {
  manifest: pgwManifest,
  telemetry(device, message, at, writer) {
    const links = message.device ? [] : (message.links ?? []);
    for (const link of links)
      writer.push(LINKS, [
        device.id,
        link.device,
        link.signal,
        link.seen === undefined ? null : new Date(fromWireSeconds(link.seen)),
        at,
      ]);
    return {
      ...message.values,
      ...(links.length ? { lamps: links.length, reachable: links.filter((l) => l.signal > 0).length } : {}),
    };
  },
  routes: pgwRoutes,
};
